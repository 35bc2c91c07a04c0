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

/** Loads a page's chunk (once) and returns its component. With `whole`, the code of the parts it
 * defers is loaded too, for drawing the page from nothing (prerendering, client navigation); a
 * first visit hydrates without it. */
export async function loadPage(id: string, whole = true): Promise<PageComponent> {
  let module = loaded.get(id);
  if (!module) {
    const load = modules[`${PREFIX}${id}${SUFFIX}`];
    if (!load) throw new Error(`no page component for page id "${id}"`);
    module = await load();
    loaded.set(id, module);
  }
  if (whole) await module.prepare?.();
  return module.default;
}
