import { splitLang } from "../lib/paths";

import type { BuildMeta } from "../lib/generated/BuildMeta";
import type { ChunkFiles } from "../lib/generated/ChunkFiles";
import type { RouteRecord } from "../lib/generated/RouteRecord";

export type { BuildMeta, ChunkFiles, RouteRecord };

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
