import type { ComponentType } from "preact";
import type { PageProps } from "./types";

/** A page component: one file in src/pages per page id of content/routes.toml, plus `error`. */
export type PageComponent = ComponentType<PageProps>;

/** A page's module: its component and, for a page that draws a part of itself with code of its own
 * (src/components/DeferredPart.tsx), what loads that code. */
interface PageModule {
  default: PageComponent;
  prepare?: () => Promise<unknown>;
}

const modules = import.meta.glob<PageModule>("../pages/*.tsx");
const loaded = new Map<string, PageModule>();

const PREFIX = "../pages/";
const SUFFIX = ".tsx";

/** Every page id that has a component (the file name without `.tsx`). */
export const pageIds: string[] = Object.keys(modules).map((key) => key.slice(PREFIX.length, -SUFFIX.length));

/** When the code of the parts a page defers loads: `now`, with the page's own, for drawing the page
 * from nothing (prerendering, client navigation, the live preview); `later`, when the visitor
 * reaches for them, for hydrating a prerendered first visit. */
export type DeferredParts = "now" | "later";

/** Loads a page's chunk (once) and returns its component, with the code of its deferred parts
 * `now` unless told `later`. */
export async function loadPage(
  id: string,
  { deferredParts = "now" }: { deferredParts?: DeferredParts } = {},
): Promise<PageComponent> {
  let module = loaded.get(id);
  if (!module) {
    const load = modules[`${PREFIX}${id}${SUFFIX}`];
    if (!load) throw new Error(`no page component for page id "${id}"`);
    module = await load();
    loaded.set(id, module);
  }
  if (deferredParts === "now") await module.prepare?.();
  return module.default;
}
