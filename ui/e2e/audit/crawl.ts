import type { APIRequestContext } from "@playwright/test";
import { type HTMLElement, parse } from "node-html-parser";

/** One reference a document (or the sitemap, a stylesheet, the web manifest) makes to a URL. */
export interface Reference {
  /** The path of the page or file that holds it. */
  from: string;
  /** What refers: `a`, `link rel=canonical`, `script src`, `img srcset`, `sitemap loc`, … */
  kind: string;
  /** The URL, resolved against the page. */
  url: URL;
}

/** A page of the site as served: its document and what it says about itself. */
export interface CrawledPage {
  path: string;
  html: string;
  root: HTMLElement;
  /** The page asks search engines not to index it (robots meta). */
  noindex: boolean;
  /** Every `id` in the document, the targets of `#fragment` links. */
  ids: Set<string>;
}

/** How the site answered a URL (fetched once, without following redirects). */
export interface Answer {
  status: number;
  contentType: string;
  /** The `Location` of a redirect, resolved. */
  location?: URL;
  body?: string;
}

/** Everything learnt by following links from the start pages. */
export interface Crawl {
  origin: string;
  /** The pages reached, by path, in the order they were found. */
  pages: Map<string, CrawledPage>;
  /** Every reference of every page, internal and external. */
  references: Reference[];
  /** The answer to every internal URL fetched (hash removed), by URL. */
  answers: Map<string, Answer>;
}

/** The text resources whose references are followed too: documents, stylesheets, the manifest. */
const TEXT = /^(text\/|application\/(manifest\+)?json|application\/xml)/;

/** The references a visitor follows to another page: links, and the search forms (GET) they submit. */
const NAVIGATION = new Set(["a", "form action"]);

/** Whether `url` is served by the site at `origin` (everything else is listed, never fetched). */
export function isInternal(url: URL, origin: string): boolean {
  return url.origin === origin;
}

/** `url` without its fragment: the resource that is fetched. */
export function withoutHash(url: URL): string {
  const copy = new URL(url);
  copy.hash = "";
  return copy.href;
}

/** The URLs of a `srcset` attribute (each candidate is a URL followed by an optional descriptor). */
function srcsetUrls(value: string): string[] {
  return value
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter((url) => url !== "");
}

/** Every URL a document refers to: links, stylesheets, icons, the manifest, scripts, images,
 * image candidates and SVG `<use>` references, and the actions of GET forms. */
export function documentReferences(root: HTMLElement, from: string, base: URL): Reference[] {
  const found: Reference[] = [];
  const add = (kind: string, value: string | undefined) => {
    if (value === undefined || value.trim() === "") return;
    found.push({ from, kind, url: new URL(value.trim(), base) });
  };
  for (const a of root.querySelectorAll("a[href]")) add("a", a.getAttribute("href"));
  for (const link of root.querySelectorAll("link[href]")) {
    const rel = (link.getAttribute("rel") ?? "").toLowerCase();
    const hreflang = link.getAttribute("hreflang");
    add(`link rel=${rel}${hreflang ? ` hreflang=${hreflang}` : ""}`, link.getAttribute("href"));
  }
  for (const script of root.querySelectorAll("script[src]")) add("script src", script.getAttribute("src"));
  for (const element of root.querySelectorAll("img[src], source[src], video[src], audio[src]"))
    add(`${element.tagName.toLowerCase()} src`, element.getAttribute("src"));
  for (const element of root.querySelectorAll("img[srcset], source[srcset]"))
    for (const url of srcsetUrls(element.getAttribute("srcset") ?? ""))
      add(`${element.tagName.toLowerCase()} srcset`, url);
  for (const use of root.querySelectorAll("use"))
    add("svg use", use.getAttribute("href") ?? use.getAttribute("xlink:href"));
  for (const form of root.querySelectorAll("form[action]"))
    if ((form.getAttribute("method") ?? "get").toLowerCase() === "get")
      add("form action", form.getAttribute("action"));
  return found;
}

/** The `url(…)` references of a stylesheet, other than `data:` URLs and what they hold (an SVG
 * image's own `url(#id)` references, percent-encoded, are not the stylesheet's). */
export function stylesheetReferences(css: string, from: string, base: URL): Reference[] {
  const outsideDataUrls = css.replace(/url\(\s*(["'])data:.*?\1\s*\)/gs, "");
  return [...outsideDataUrls.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/g)]
    .map((match) => match[2] ?? "")
    .filter((value) => !value.startsWith("data:") && !value.startsWith("#"))
    .map((value) => ({ from, kind: "css url()", url: new URL(value, base) }));
}

/** The `start_url`, `scope` and icons of a web manifest. */
export function manifestReferences(json: string, from: string, base: URL): Reference[] {
  const manifest = JSON.parse(json) as { start_url?: string; scope?: string; icons?: { src: string }[] };
  const found: Reference[] = [];
  if (manifest.start_url)
    found.push({ from, kind: "manifest start_url", url: new URL(manifest.start_url, base) });
  if (manifest.scope) found.push({ from, kind: "manifest scope", url: new URL(manifest.scope, base) });
  for (const icon of manifest.icons ?? [])
    found.push({ from, kind: "manifest icon", url: new URL(icon.src, base) });
  return found;
}

/** Parses a served document. */
export function parseDocument(path: string, html: string): CrawledPage {
  const root = parse(html, { comment: false });
  const robots = root.querySelector('meta[name="robots"]')?.getAttribute("content") ?? "";
  const ids = new Set(root.querySelectorAll("[id]").map((element) => element.getAttribute("id") ?? ""));
  return { path, html, root, noindex: /\bnoindex\b/.test(robots), ids };
}

/** Fetches `url` without following redirects. */
export async function fetchAnswer(request: APIRequestContext, url: string): Promise<Answer> {
  const response = await request.get(url, { maxRedirects: 0, failOnStatusCode: false });
  const contentType = response.headers()["content-type"] ?? "";
  const location = response.headers()["location"];
  return {
    status: response.status(),
    contentType,
    ...(location ? { location: new URL(location, url) } : {}),
    ...(TEXT.test(contentType) ? { body: await response.text() } : {}),
  };
}

/** Follows every internal `<a href>` and GET form from `starts` (and the targets of the redirects they meet)
 * and fetches every internal URL the documents, their stylesheets and the web manifest refer to,
 * once each; external URLs are only recorded. The `extra` references (the sitemap's) are fetched
 * and recorded afterwards but never followed: what they name must be reachable by links. */
export async function crawlSite(
  request: APIRequestContext,
  origin: string,
  starts: string[],
  extra: Reference[] = [],
): Promise<Crawl> {
  const crawl: Crawl = { origin, pages: new Map(), references: [], answers: new Map() };
  const queued = new Set<string>();
  /** Stylesheets and manifests whose own references were collected already. */
  const expanded = new Set<string>();
  const pageQueue: string[] = [];
  const queuePage = (path: string) => {
    if (queued.has(path)) return;
    queued.add(path);
    pageQueue.push(path);
  };
  const answer = async (url: string): Promise<Answer> => {
    const known = crawl.answers.get(url);
    if (known) return known;
    const fetched = await fetchAnswer(request, url);
    crawl.answers.set(url, fetched);
    return fetched;
  };
  /** Fetches an internal reference; a redirect's target is fetched too and, for a link, crawled. */
  const follow = async (reference: Reference) => {
    if (!isInternal(reference.url, origin)) return;
    const first = await answer(withoutHash(reference.url));
    const final = first.location && isInternal(first.location, origin) ? first.location : reference.url;
    if (first.location && isInternal(first.location, origin)) await answer(withoutHash(first.location));
    const target = crawl.answers.get(withoutHash(final));
    if (target?.body === undefined) return;
    if (NAVIGATION.has(reference.kind) && target.contentType.startsWith("text/html"))
      queuePage(final.pathname);
    const isStylesheet = target.contentType.startsWith("text/css");
    if ((isStylesheet || reference.kind === "link rel=manifest") && !expanded.has(final.href)) {
      expanded.add(final.href);
      const nested = isStylesheet
        ? stylesheetReferences(target.body, final.pathname, final)
        : manifestReferences(target.body, final.pathname, final);
      crawl.references.push(...nested);
      for (const inner of nested) await follow(inner);
    }
  };

  for (const start of starts) queuePage(start);
  while (pageQueue.length > 0) {
    const path = pageQueue.shift() ?? "";
    const url = new URL(path, origin);
    const served = await answer(url.href);
    if (served.status !== 200 || served.body === undefined || !served.contentType.startsWith("text/html"))
      continue;
    const page = parseDocument(path, served.body);
    crawl.pages.set(path, page);
    const references = documentReferences(page.root, path, url);
    crawl.references.push(...references);
    for (const reference of references) await follow(reference);
  }
  crawl.references.push(...extra);
  for (const reference of extra) await follow(reference);
  return crawl;
}
