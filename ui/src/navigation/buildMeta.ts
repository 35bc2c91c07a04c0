import { splitLang } from "../lib/paths";

/** The modules and stylesheets of one lazily loaded chunk. */
export interface ChunkFiles {
  modules: string[];
  styles: string[];
}

/** A route of the page table: `path` may end in `{id}`. */
export interface RouteRecord {
  id: string;
  path: string;
  noindex: boolean;
}

/** The route manifest of a build, served at `/_app/builds/meta/{id}.json`. */
export interface BuildMeta {
  id: string;
  routes: RouteRecord[];
  pages: Record<string, ChunkFiles>;
  catalogs: Record<string, string[]>;
}

/** The segment a dynamic route path ends in. */
const DYNAMIC_SEGMENT = "{id}";

/** Fetches the route manifest of the running build; on any failure one console message and `null`. */
export async function loadBuildMeta(buildId: string): Promise<BuildMeta | null> {
  try {
    const response = await fetch(`/_app/builds/meta/${encodeURIComponent(buildId)}.json`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const meta = (await response.json()) as Partial<BuildMeta>;
    if (meta.id !== buildId || !Array.isArray(meta.routes) || !meta.pages || !meta.catalogs)
      throw new Error(`the manifest does not describe build ${buildId}`);
    return meta as BuildMeta;
  } catch (error) {
    console.warn("build manifest unavailable; links are not prefetched", error);
    return null;
  }
}

/** The route a localized page path belongs to: static routes first, then `{id}` routes. */
export function routeOf(meta: BuildMeta, localizedPath: string): RouteRecord | null {
  const { path } = splitLang(localizedPath);
  const exact = meta.routes.find((route) => route.path === path);
  if (exact) return exact;
  return (
    meta.routes.find((route) => {
      if (!route.path.endsWith(DYNAMIC_SEGMENT)) return false;
      const prefix = route.path.slice(0, -DYNAMIC_SEGMENT.length);
      const id = path.slice(prefix.length);
      return path.startsWith(prefix) && id !== "" && !id.includes("/");
    }) ?? null
  );
}
