import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { loadCurrentUser } from "../lib/session";
import { main, restoreEntity, setLocale } from "../lib/store";
import type { RuntimeSettings } from "../lib/types";
import { startDeferredNavigation } from "./deferredNavigation";
import { FatalErrorBoundary, loadServerErrorPage, showsErrorPages } from "./fatalError";
import { type LoadedPage, Shell } from "./Shell";
import { clearTransition } from "./transitionClasses";

/** Phone-sized screens, where the header collapses into a menu. */
const PHONE_QUERY = "(max-width: 47.99rem)";

/** What is on screen: a page, and how many times the error boundary was reset (its key). */
interface View {
  loaded: LoadedPage;
  resets: number;
}

/** The markup in #app as it looks at rest, kept for crawlers to fall back on after a fatal error. */
function snapshotOfApp(): string {
  const app = document.getElementById("app")?.cloneNode(true);
  if (!(app instanceof HTMLElement)) return "";
  const main = app.querySelector<HTMLElement>("#main");
  if (main) clearTransition(main);
  return app.innerHTML;
}

/** The hydrated site: client-side navigation between pages, full loads when that is not possible,
 * the 500 page when a page fails (crawlers keep the last rendered content instead). */
export function ClientApp({
  initial,
  buildId,
  runtime,
}: {
  initial: LoadedPage;
  buildId: string;
  runtime: RuntimeSettings;
}) {
  const [view, setView] = useState<View>({ loaded: initial, resets: 0 });
  const snapshot = useRef<string | null>(null);
  snapshot.current ??= showsErrorPages() ? "" : snapshotOfApp();
  const committed = useRef<(() => void) | null>(null);
  const failed = useRef(false);
  const showingServerError = useRef(false);

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
    setLocale(view.loaded.page.lang);
  }, [view.loaded.page.lang]);

  useLayoutEffect(() => {
    committed.current?.();
    committed.current = null;
  }, [view]);

  const show = useCallback(
    (loaded: LoadedPage) =>
      new Promise<void>((resolve) => {
        if (!showsErrorPages()) snapshot.current = snapshotOfApp();
        const reset = failed.current ? 1 : 0;
        failed.current = false;
        // Only an error page's data has a status; a page's data may be anything (even null) here.
        const { page, data } = loaded.page;
        showingServerError.current = page === "error" && data.kind === "error" && data.status === 500;
        committed.current = resolve;
        setView((previous) => ({ loaded, resets: previous.resets + reset }));
      }),
    [],
  );

  const showServerError = useCallback(
    async (path: string) => {
      if (!showsErrorPages()) return;
      try {
        const [errorPage, { applyHead }] = await Promise.all([
          loadServerErrorPage(path),
          import("../navigation/head"),
        ]);
        applyHead(errorPage.page, true);
        await show(errorPage);
      } catch (error) {
        console.error("the error page could not be shown", error);
      }
    },
    [show],
  );

  const onRenderError = useCallback(
    (error: unknown) => {
      failed.current = true;
      console.error("the page failed to render", error);
      if (!showingServerError.current) void showServerError(location.pathname);
    },
    [showServerError],
  );

  useEffect(
    () =>
      startDeferredNavigation({
        buildId,
        buildCheckIntervalSecs: runtime.buildCheckIntervalSecs,
        show,
        showServerError,
      }),
    [buildId, runtime.buildCheckIntervalSecs, show, showServerError],
  );

  const fallback = showsErrorPages() ? null : (
    <div class="fatal-snapshot" dangerouslySetInnerHTML={{ __html: snapshot.current ?? "" }} />
  );
  return (
    <FatalErrorBoundary key={view.resets} onError={onRenderError} fallback={fallback}>
      <Shell {...view.loaded} runtime={runtime} />
    </FatalErrorBoundary>
  );
}
