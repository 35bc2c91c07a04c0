import { renderToString } from "preact-render-to-string";
import { preparePhoneMenu } from "./app/Header";
import { Shell } from "./app/Shell";
import { loadI18n } from "./lib/i18n";
import { loadPage, pageIds } from "./lib/pages";
import type { Served } from "./components/served";
import type { PageData } from "./lib/types";

export { pageIds };
export { renderTemplates } from "./templates/probes";

/** Renders the body of one page to HTML, as served for a query string when `served` is given: its
 * chunk, its catalog and the navigation panel's code are loaded first, so no Suspense. */
export async function render(page: PageData, served: Served | null = null): Promise<string> {
  const [Component, i18n] = await Promise.all([loadPage(page.page), loadI18n(page.lang), preparePhoneMenu()]);
  return renderToString(<Shell page={page} Component={Component} i18n={i18n} served={served} />);
}
