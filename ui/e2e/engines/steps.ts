import { expect } from "@playwright/test";
import { isShown } from "./in-page";
import type { EngineSession } from "./session";

/** The steps the journeys share, written once against `EngineSession`. */

/** A language of the site. */
export type Lang = "en" | "zh";

/** Both languages, in the order the journeys run. */
export const LANGS: readonly Lang[] = ["en", "zh"];

/** `path` (unprefixed) in `lang`. */
export const at = (lang: Lang, path: string): string =>
  lang === "en" ? path : path === "/" ? "/zh" : `/zh${path}`;

/** The desktop and phone windows of the journeys, the sizes of the Chromium specs. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** What the visitor has recorded before the journey starts. */
export interface Visit {
  /** The cookie choice (`necessary`, `necessary|functional`…); `null`: none, so the banner shows. */
  consent: string | null;
  /** Whether the supported-assets notice was dismissed on an earlier visit. */
  noticeDismissed: boolean;
}

/** Records `visit` in the session's cookies and storage, as an earlier visit would have left them,
 * from a plain file of the site (no page script runs meanwhile). */
export async function recordVisit(session: EngineSession, visit: Visit): Promise<void> {
  await session.goto("/robots.txt");
  await session.evaluate(({ consent, noticeDismissed }: Visit) => {
    if (consent) document.cookie = `cookieConsent=${consent}; path=/`;
    if (noticeDismissed) localStorage.setItem("noticeDismissed.supportedAssets", "engines");
  }, visit);
}

/** Loads `path` and waits until its scripts have hydrated it and it has settled: the effects of
 * the first render have run and the idle work is done (the header's menus are prepared and
 * client-side navigation is ready), as for a visitor who starts reading before acting. Before
 * that, a click can meet the page's first effects (the header closes its menus once mounted),
 * which the Chromium specs of first interactions (e2e/first-interaction.spec.ts) are about. */
export async function openHydrated(session: EngineSession, path: string): Promise<void> {
  await session.goto(path);
  await hydrated(session);
  await session.waitFor(
    "the page to settle",
    () =>
      document.documentElement.dataset.navigation === "ready" &&
      document.querySelector(".site-header[data-prepared]") !== null,
    null,
  );
}

/** Waits until the current document has hydrated (src/app/start.tsx marks it). */
export function hydrated(session: EngineSession): Promise<void> {
  return session.waitFor(
    "the page to hydrate",
    () => document.documentElement.dataset.hydrated === "true",
    null,
  );
}

/** Waits until `selector` matches an element that is shown. */
export function shown(session: EngineSession, selector: string): Promise<void> {
  return session.waitFor(`${selector} to be shown`, isShown, selector);
}

/** Waits until no element matching `selector` is shown. */
export function hiddenOrGone(session: EngineSession, selector: string): Promise<void> {
  return session.waitFor(
    `${selector} to be hidden`,
    (css: string) => document.querySelector(css)?.checkVisibility({ visibilityProperty: true }) !== true,
    selector,
  );
}

/** Waits until the attribute `name` of the element matching `selector` is `value` (`null`: absent). */
export function attribute(
  session: EngineSession,
  selector: string,
  name: string,
  value: string | null,
): Promise<void> {
  return session.waitFor(
    `${selector}[${name}] to be ${JSON.stringify(value)}`,
    ([css, attr, expected]: [string, string, string | null]) =>
      document.querySelector(css)?.getAttribute(attr) === expected,
    [selector, name, value] as [string, string, string | null],
  );
}

/** `text` as a reader sees it: without the build's zero width spaces and word joiners (U+200B,
 * U+2060, invisible), its
 * non-breaking hyphens as hyphens, its spaces (no-break ones too) collapsed. */
export const asSeen = (text: string): string =>
  text
    .replace(/[\u200b\u2060]/g, "")
    .replaceAll("\u2011", "-")
    .replace(/\s+/g, " ")
    .trim();

/** Waits until the text of the element matching `selector` reads `expected` as a reader sees both
 * (`asSeen`): the page data's copy carries the build's line-break marks, an answer of the server
 * may not. */
export function text(session: EngineSession, selector: string, expected: string): Promise<void> {
  return session.waitFor(
    `${selector} to read ${JSON.stringify(asSeen(expected))}`,
    ([css, wanted]: [string, string]) =>
      (document.querySelector(css)?.textContent ?? "")
        .replace(/[\u200b\u2060]/g, "")
        .replaceAll("\u2011", "-")
        .replace(/\s+/g, " ")
        .trim() === wanted,
    [selector, asSeen(expected)] as [string, string],
  );
}

/** Waits until the tab's address (path and query) is `pathAndQuery`. */
export function address(session: EngineSession, pathAndQuery: string): Promise<void> {
  return session.waitFor(
    `the address to be ${pathAndQuery}`,
    (wanted: string) => `${location.pathname}${location.search}` === wanted,
    pathAndQuery,
  );
}

/** Marks the current document, so that `sameDocument` can tell a client-side navigation (the
 * mark stays) from a full load (a new document, unmarked). */
export async function markDocument(session: EngineSession): Promise<void> {
  await session.evaluate(() => {
    (window as unknown as { engineMark?: boolean }).engineMark = true;
  }, null);
}

/** Whether the document is still the one `markDocument` marked. */
export function sameDocument(session: EngineSession): Promise<boolean> {
  return session.evaluate(() => (window as unknown as { engineMark?: boolean }).engineMark === true, null);
}

/** The value of the cookie `name` the page sees, or `null`. */
export function cookie(session: EngineSession, name: string): Promise<string | null> {
  return session.evaluate(
    (wanted: string) =>
      document.cookie
        .split("; ")
        .find((entry) => entry.startsWith(`${wanted}=`))
        ?.slice(wanted.length + 1) ?? null,
    name,
  );
}

/** The JSON the site serves at `path` (a page's data, an API answer), fetched by the test. */
export async function siteJson<T>(origin: string, path: string): Promise<T> {
  const response = await fetch(new URL(path, origin));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** The data of the page at `path` (what client-side navigation loads). */
export async function pageData<T>(origin: string, path: string): Promise<T> {
  return (await siteJson<{ data: T }>(origin, `/_app/data?path=${encodeURIComponent(path)}`)).data;
}

/** The phone panel carries every entry of the header, in its order: the header's pages, its
 * menus' links and each menu's featured link (`chrome.menuFeatures` of the data of the page at `path`),
 * so the entries the test expects come from the navigation data the header draws, never from a
 * count typed here. */
export async function expectPanelHasHeaderEntries(
  session: EngineSession,
  origin: string,
  path: string,
): Promise<void> {
  const links = await session.evaluate(
    () => ({
      panel: [...document.querySelectorAll(".phone-menu a.phone-menu__link")].map((link) =>
        link.getAttribute("href"),
      ),
      header: [...document.querySelectorAll(".site-nav a[href]")].map((link) => link.getAttribute("href")),
    }),
    null,
  );
  const { chrome } = await siteJson<{ chrome: { menuFeatures: Record<string, { href: string }> } }>(
    origin,
    `/_app/data?path=${encodeURIComponent(path)}`,
  );
  const features = Object.values(chrome.menuFeatures).map((feature) => feature.href);
  expect(features.length, "the content names featured links").toBeGreaterThan(0);
  expect(links.header).toEqual(expect.arrayContaining(features));
  expect(links.panel).toEqual(links.header);
}
