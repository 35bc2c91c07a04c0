// The pages of a running build, shared by the browser tests (e2e/site.ts) and the Lighthouse
// audit (scripts/lighthouse.mjs): static routes from the build's route manifest, dynamic ones
// (`/faq/{id}`, `/announcements/{id}`) from the sitemap and the links of their list pages, in
// both languages. (The links audit, e2e/audit/links.spec.ts, checks that every one of them is
// reachable by links from / and /zh.)

/**
 * Every page path of the running build in both languages.
 * @param {(path: string) => Promise<string>} getText answers the body of a GET of the site's `path`
 * @returns {Promise<string[]>} English paths and their Chinese counterparts
 */
export async function sitePagePaths(getText) {
  const latest = JSON.parse(await getText("/_app/builds/latest.json"));
  const meta = JSON.parse(await getText(`/_app/builds/meta/${latest.id}.json`));
  const sitemap = await getText("/sitemap.xml");
  const listed = [...sitemap.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const paths = [];
  for (const route of meta.routes) {
    if (!route.path.endsWith("{id}")) {
      paths.push(route.path);
      continue;
    }
    const prefix = route.path.slice(0, -"{id}".length);
    const listing = await getText(prefix.slice(0, -1));
    const linked = [...listing.matchAll(new RegExp(`href="${prefix}([a-z0-9-]+)"`, "g"))].map((m) => m[1]);
    const inSitemap = listed
      .filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes("/"))
      .map((path) => path.slice(prefix.length));
    paths.push(...[...linked, ...inSitemap].map((id) => `${prefix}${id}`));
  }
  const unique = [...new Set(paths)];
  return unique.flatMap((path) => [path, path === "/" ? "/zh" : `/zh${path}`]);
}
