import { hydrate, render } from "preact";
import { ClientApp } from "./app/ClientApp";
import { guardedReload } from "./app/reloadGuard";
import { loadI18n } from "./lib/i18n";
import { loadPage } from "./lib/pages";
import type { SiteConfig } from "./lib/types";

const configElement = document.getElementById("site-config");
const root = document.getElementById("app");
if (configElement?.textContent && root) {
  const config = JSON.parse(configElement.textContent) as SiteConfig;
  const prerendered = root.firstElementChild !== null;
  const code = await Promise.all([
    loadPage(config.page.page, { deferredParts: prerendered ? "later" : "now" }),
    loadI18n(config.page.lang),
  ]).catch((error: unknown) => {
    console.error("the page's code did not load: reloading once, else the page stays as served", error);
    guardedReload(new URL(location.href), (href) => location.replace(href));
    return null;
  });
  if (code) {
    const [Component, i18n] = code;
    // Served pages are prerendered and hydrated; the live preview (`serve --dev`) serves them
    // empty and renders them here.
    const mount = prerendered ? hydrate : render;
    mount(
      <ClientApp
        initial={{ page: config.page, Component, i18n }}
        buildId={config.buildId}
        runtime={config.runtime}
      />,
      root,
    );
    document.documentElement.dataset.hydrated = "true";
  }
}
