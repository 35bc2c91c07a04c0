import { hydrate, render } from "preact";
import { copyWithoutMarks } from "../lib/breakMarks";
import { loadI18n } from "../lib/i18n";
import { loadPage } from "../lib/pages";
import type { SiteConfig } from "../lib/types";
import { ClientApp } from "./ClientApp";
import { preparePhoneMenu } from "./Header";
import { guardedReload } from "./reloadGuard";

/** Starts the interface on the served document: reads the configuration the server injected,
 * loads the page's code and the language's catalog, then hydrates the prerendered body (or, in
 * the live preview, renders the empty one). Part of the runtime chunk, so that the entry module
 * every page loads first is one import. */
export async function start(): Promise<void> {
  const configElement = document.getElementById("site-config");
  const root = document.getElementById("app");
  if (!configElement?.textContent || !root) return;
  copyWithoutMarks();
  const config = JSON.parse(configElement.textContent) as SiteConfig;
  const prerendered = root.firstElementChild !== null;
  const code = await Promise.all([
    loadPage(config.page.page, { deferredParts: prerendered ? "later" : "now" }),
    loadI18n(config.page.lang),
    prerendered ? null : preparePhoneMenu(),
  ]).catch((error: unknown) => {
    console.error("the page's code did not load: reloading once, else the page stays as served", error);
    guardedReload(new URL(location.href), (href) => location.replace(href));
    return null;
  });
  if (!code) return;
  const [Component, i18n] = code;
  // Served pages are prerendered and hydrated; the live preview (`serve --dev`) serves them
  // empty and renders them here.
  const mount = prerendered ? hydrate : render;
  mount(
    <ClientApp
      initial={{ page: config.page, Component, i18n, served: config.served ?? null }}
      buildId={config.buildId}
      runtime={config.runtime}
    />,
    root,
  );
  document.documentElement.dataset.hydrated = "true";
}
