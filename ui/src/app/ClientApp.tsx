import { useEffect, useState } from "preact/hooks";
import { announceLocationChange } from "../lib/location";
import { loadCurrentUser } from "../lib/session";
import { main, restoreEntity, setLocale } from "../lib/store";
import type { RuntimeSettings } from "../lib/types";
import { applyHead, fetchPage, internalTarget } from "./navigation";
import { type LoadedPage, Shell } from "./Shell";

/** Phone-sized screens, where the header collapses into a menu. */
const PHONE_QUERY = "(max-width: 47.99rem)";

/** The hydrated site: client-side navigation between pages, full loads when that is not possible. */
export function ClientApp({
  initial,
  buildId,
  runtime,
}: {
  initial: LoadedPage;
  buildId: string;
  runtime: RuntimeSettings;
}) {
  const [current, setCurrent] = useState(initial);

  useEffect(() => {
    restoreEntity();
    void loadCurrentUser(runtime.iamBase);
    const phone = window.matchMedia(PHONE_QUERY);
    const update = () => main.set({ isPhone: phone.matches });
    update();
    phone.addEventListener("change", update);
    return () => phone.removeEventListener("change", update);
  }, [runtime]);

  useEffect(() => {
    setLocale(current.page.lang);
  }, [current.page.lang]);

  useEffect(() => {
    const go = async (url: URL, push: boolean) => {
      const samePage = url.pathname === location.pathname && url.search === location.search;
      if (samePage && url.hash) {
        if (push) history.pushState(null, "", url);
        announceLocationChange();
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
      announceLocationChange();
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

  return <Shell {...current} runtime={runtime} />;
}
