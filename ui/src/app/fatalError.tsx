import { Component, type ComponentChildren } from "preact";
import { loadI18n } from "../lib/i18n";
import { loadPage } from "../lib/pages";
import { splitLang } from "../lib/paths";
import type { PageData } from "../lib/types";
import { isCrawler } from "./crawler";
import type { LoadedPage } from "./Shell";

/** Whether this visitor is shown the 500 page after a fatal error; crawlers keep the last content. */
export function showsErrorPages(): boolean {
  return !isCrawler(navigator.userAgent);
}

/** The 500 page ('Internal Server Error') for `path`, in the path's language, ready to render: the
 * same data the server prerenders as `error:{lang}:server-error`, bundled by scripts/build.mjs. */
export async function loadServerErrorPage(path: string): Promise<LoadedPage> {
  const { lang } = splitLang(path);
  const [pages, Component, i18n] = await Promise.all([
    import("virtual:server-error-pages"),
    loadPage("error"),
    loadI18n(lang),
  ]);
  const template = pages.default[lang];
  const page: PageData = { ...template, path, data: { ...template.data, requestPath: path } };
  return { page, Component, i18n };
}

interface BoundaryProps {
  /** Called once with the error a descendant threw while rendering. */
  onError: (error: unknown) => void;
  /** Shown instead of the children once they failed. */
  fallback: ComponentChildren;
  children: ComponentChildren;
}

/** Catches an error thrown while rendering the page (or in its effects): reports it and shows
 * `fallback` until it is remounted (give it a new `key`). */
export class FatalErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
