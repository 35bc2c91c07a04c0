import { localize, splitLang } from "../lib/paths";
import type { Lang, PageData } from "../lib/types";

/** `<html lang>` and `hreflang` of each language, as the server writes them. */
const HTML_LANG: Record<Lang, string> = { en: "en", zh: "zh-Hans" };

/** Open Graph locale of each language, as the server writes it. */
const OG_LOCALE: Record<Lang, string> = { en: "en_US", zh: "zh_CN" };

/** The robots directive of pages kept out of search engines. */
const NOINDEX = "noindex, nofollow";

/** The public origin canonical links use: the server writes it from its configured public URL. */
let siteOrigin: string | null = null;

function publicOrigin(): string {
  siteOrigin ??= (() => {
    const written = document.querySelector<HTMLLinkElement>(
      'link[rel="canonical"], link[rel="alternate"][hreflang]',
    );
    return written ? new URL(written.href).origin : location.origin;
  })();
  return siteOrigin;
}

/** The head element matching `selector`, created from `create` when missing. */
function ensure<T extends Element>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
}

function setMeta(attribute: "name" | "property", key: string, content: string): void {
  ensure(`meta[${attribute}="${key}"]`, () => {
    const meta = document.createElement("meta");
    meta.setAttribute(attribute, key);
    return meta;
  }).setAttribute("content", content);
}

function setLink(selector: string, attributes: Record<string, string>): void {
  const link = ensure(selector, () => document.createElement("link"));
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
}

function removeAll(selector: string): void {
  for (const element of document.head.querySelectorAll(selector)) element.remove();
}

/** The share card's tags as the server writes them, or none. */
function applyShareImage(image: PageData["shareImage"]): void {
  const tags = 'meta[property^="og:image"], meta[name="twitter:card"]';
  if (!image) return removeAll(tags);
  setMeta("property", "og:image", image.url);
  setMeta("property", "og:image:type", "image/png");
  setMeta("property", "og:image:width", "1200");
  setMeta("property", "og:image:height", "630");
  setMeta("property", "og:image:alt", image.alt);
  setMeta("name", "twitter:card", "summary_large_image");
}

/** The link to the page's Atom feed, or none. */
function applyFeed(feed: PageData["feed"]): void {
  const selector = 'link[rel="alternate"][type="application/atom+xml"]';
  if (!feed) return removeAll(selector);
  setLink(selector, { rel: "alternate", type: "application/atom+xml", title: feed.title, href: feed.href });
}

/** Makes the document head describe `page` as the server would have: title, description,
 * `<html lang>`, Open Graph and the share card, the feed link, canonical and hreflang alternates
 * (not for error pages), robots.
 * `noindex` is `undefined` when the route table is not known, leaving the robots meta as it is. */
export function applyHead(page: PageData, noindex: boolean | undefined): void {
  // By the page's id: a page's data may be anything (even null) when its code failed.
  const isError = page.page === "error";
  const other: Lang = page.lang === "en" ? "zh" : "en";
  document.title = page.title;
  document.documentElement.lang = HTML_LANG[page.lang];
  setMeta("name", "description", page.description);
  setMeta("property", "og:title", page.title);
  setMeta("property", "og:description", page.description);
  setMeta("property", "og:locale", OG_LOCALE[page.lang]);
  setMeta("property", "og:locale:alternate", OG_LOCALE[other]);
  applyShareImage(page.shareImage);
  applyFeed(page.feed);

  if (isError || noindex === true) setMeta("name", "robots", NOINDEX);
  else if (noindex === false) removeAll('meta[name="robots"]');

  if (isError) {
    removeAll('link[rel="canonical"], link[rel="alternate"][hreflang], meta[property="og:url"]');
    return;
  }
  const origin = publicOrigin();
  const absolute = (path: string) => new URL(path, origin).href;
  const unprefixed = splitLang(page.path).path;
  const canonical = absolute(localize(unprefixed, page.lang));
  setLink('link[rel="canonical"]', { rel: "canonical", href: canonical });
  setMeta("property", "og:url", canonical);
  for (const [hreflang, lang] of [
    [HTML_LANG.en, "en"],
    [HTML_LANG.zh, "zh"],
    ["x-default", "en"],
  ] as const) {
    setLink(`link[rel="alternate"][hreflang="${hreflang}"]`, {
      rel: "alternate",
      hreflang,
      href: absolute(localize(unprefixed, lang)),
    });
  }
}
