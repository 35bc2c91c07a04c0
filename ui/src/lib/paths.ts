import type { Lang } from "./types";

/** Prefixes an unprefixed site path with the language segment: `/about` → `/zh/about`, `/` → `/zh`. */
export function localize(path: string, lang: Lang): string {
  if (lang === "en") return path;
  return path === "/" ? "/zh" : `/zh${path}`;
}

/** Splits a request path into language and unprefixed path; anything not under /zh is English. */
export function splitLang(path: string): { lang: Lang; path: string } {
  if (path === "/zh" || path === "/zh/") return { lang: "zh", path: "/" };
  if (path.startsWith("/zh/")) return { lang: "zh", path: path.slice(3) };
  return { lang: "en", path };
}
