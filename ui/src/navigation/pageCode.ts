import { splitLang } from "../lib/paths";
import { type BuildMeta, routeOf } from "./buildMeta";

/** How a file of a page's code is fetched ahead: a module, or a stylesheet. */
type PreloadRel = "modulepreload" | "preload";

/** Fetches `href` through a `<link>` of `rel` (`modulepreload`, or `preload` as a style); settles when done. */
export function preload(rel: PreloadRel, href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = rel;
    if (rel === "preload") link.as = "style";
    link.href = href;
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.append(link);
  });
}

/** Whether the document already loads `href` itself (as the entry, a preload or a stylesheet). */
function inDocument(href: string): boolean {
  const escaped = CSS.escape(href);
  return document.querySelector(`link[href="${escaped}"], script[src="${escaped}"]`) !== null;
}

/** The files of the page at `path` the document does not load yet, each with how to fetch it: its
 * modules and its language's catalog as modules, its stylesheets as styles. The build does not
 * preload the static imports of a page chunk itself (`modulePreload: false` in vite.config.ts), so
 * this is what spares a navigation the round trip from a page chunk to its imports. */
export function pageCode(files: BuildMeta, path: string): [PreloadRel, string][] {
  const route = routeOf(files, path);
  const chunk = route ? files.pages[route.id] : undefined;
  const catalog = files.catalogs[splitLang(path).lang] ?? [];
  const code: [PreloadRel, string][] = [
    ...[...(chunk?.modules ?? []), ...catalog].map((href): [PreloadRel, string] => ["modulepreload", href]),
    ...(chunk?.styles ?? []).map((href): [PreloadRel, string] => ["preload", href]),
  ];
  return code.filter(([, href]) => !inDocument(href));
}
