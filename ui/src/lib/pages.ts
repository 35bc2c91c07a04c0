import type { ComponentType } from "preact";
import type { PageProps } from "./types";

/** A page component: one file in src/pages per page id of content/routes.toml, plus `error`. */
export type PageComponent = ComponentType<PageProps>;

const modules = import.meta.glob<{ default: PageComponent }>("../pages/*.tsx");
const loaded = new Map<string, PageComponent>();

const PREFIX = "../pages/";
const SUFFIX = ".tsx";

/** Every page id that has a component (the file name without `.tsx`). */
export const pageIds: string[] = Object.keys(modules).map((key) => key.slice(PREFIX.length, -SUFFIX.length));

/** Loads a page's chunk (once) and returns its component. */
export async function loadPage(id: string): Promise<PageComponent> {
  const cached = loaded.get(id);
  if (cached) return cached;
  const load = modules[`${PREFIX}${id}${SUFFIX}`];
  if (!load) throw new Error(`no page component for page id "${id}"`);
  const component = (await load()).default;
  loaded.set(id, component);
  return component;
}
