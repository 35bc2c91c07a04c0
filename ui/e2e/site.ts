import type { APIRequestContext, Page } from "@playwright/test";

/** Every page path of the running build in both languages: static routes from the build manifest,
 * dynamic ones from the links of their list pages. */
export async function allPagePaths(request: APIRequestContext): Promise<string[]> {
  const latest = (await (await request.get("/_app/builds/latest.json")).json()) as { id: string };
  const meta = (await (await request.get(`/_app/builds/meta/${latest.id}.json`)).json()) as {
    routes: { path: string }[];
  };
  const routes = meta.routes;
  const paths: string[] = [];
  for (const route of routes) {
    if (!route.path.endsWith("{id}")) {
      paths.push(route.path);
      continue;
    }
    const prefix = route.path.slice(0, -"{id}".length);
    const listing = await (await request.get(prefix.slice(0, -1))).text();
    const ids = [...listing.matchAll(new RegExp(`href="${prefix}([a-z0-9-]+)"`, "g"))].map((m) => m[1]);
    paths.push(...new Set(ids.map((id) => `${prefix}${id}`)));
  }
  return paths.flatMap((path) => [path, path === "/" ? "/zh" : `/zh${path}`]);
}

/** Records the cookie choice `levels` before any page script runs, so the consent banner stays
 * away in tests about something else (the banner itself is tested in consent.spec.ts). */
export async function withConsentRecorded(page: Page, levels = "necessary"): Promise<void> {
  await page.addInitScript((value) => {
    document.cookie = `cookieConsent=${value}; path=/`;
  }, levels);
}

/** Records a cookie choice and dismisses the supported-assets notice before any page script runs,
 * for tests whose clicks and scroll positions must not meet an overlay. */
export async function withoutOverlays(page: Page): Promise<void> {
  await withConsentRecorded(page);
  await page.addInitScript(() => {
    localStorage.setItem("noticeDismissed.supportedAssets", "test");
  });
}
