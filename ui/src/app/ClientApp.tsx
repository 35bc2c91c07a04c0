import { useEffect, useState } from "preact/hooks";
import { applyHead, fetchPage, internalTarget } from "./navigation";
import { type LoadedPage, Shell } from "./Shell";

/** The hydrated site: client-side navigation between pages, full loads when that is not possible. */
export function ClientApp({ initial, buildId }: { initial: LoadedPage; buildId: string }) {
  const [current, setCurrent] = useState(initial);

  useEffect(() => {
    const go = async (url: URL, push: boolean) => {
      const samePage = url.pathname === location.pathname && url.search === location.search;
      if (samePage && url.hash) {
        if (push) history.pushState(null, "", url);
        document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView();
        return;
      }
      let result: Awaited<ReturnType<typeof fetchPage>>;
      try {
        result = await fetchPage(url, buildId);
      } catch (error) {
        console.error("navigation failed, loading the page in full", error);
        result = null;
      }
      if (!result) {
        location.assign(url.href);
        return;
      }
      if (push) history.pushState(null, "", result.url);
      else if (result.url.href !== url.href) history.replaceState(null, "", result.url);
      applyHead(result.loaded.page, result.url);
      setCurrent(result.loaded);
      window.scrollTo(0, 0);
    };
    const onClick = (event: MouseEvent) => {
      const url = internalTarget(event);
      if (!url) return;
      event.preventDefault();
      void go(url, true);
    };
    const onPopState = () => void go(new URL(location.href), false);
    document.addEventListener("click", onClick);
    window.addEventListener("popstate", onPopState);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onPopState);
    };
  }, [buildId]);

  return <Shell {...current} />;
}
