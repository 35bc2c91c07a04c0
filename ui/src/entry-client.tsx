import { hydrate } from "preact";
import { ClientApp } from "./app/ClientApp";
import { loadI18n } from "./lib/i18n";
import { loadPage } from "./lib/pages";
import type { SiteConfig } from "./lib/types";

const configElement = document.getElementById("site-config");
const root = document.getElementById("app");
if (configElement?.textContent && root) {
  const config = JSON.parse(configElement.textContent) as SiteConfig;
  const [Component, i18n] = await Promise.all([loadPage(config.page.page), loadI18n(config.page.lang)]);
  hydrate(
    <ClientApp
      initial={{ page: config.page, Component, i18n }}
      buildId={config.buildId}
      runtime={config.runtime}
    />,
    root,
  );
  document.documentElement.dataset.hydrated = "true";
}
