import "virtual:design-tokens.css";
import "virtual:site-font.css";
import "virtual:brand-device.css";
import "../styles/global.css";
import "../styles/layers.css";
import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { type Served, ServedContext } from "../components/served";
import { WordBreaksContext } from "../components/Words";
import type { PageComponent } from "../lib/pages";
import type { PageData, RuntimeSettings } from "../lib/types";
import { Layout } from "./Layout";
import { RuntimeContext } from "./runtime";

/** A page ready to render: its data, its component and the Lingui instance of its language; for
 * the page a document was served with for its query string, what it was served with. */
export interface LoadedPage {
  page: PageData;
  Component: PageComponent;
  i18n: I18n;
  served?: Served | null;
}

/** The whole body of a document: the same tree is prerendered at build time and hydrated. */
export function Shell({
  page,
  Component,
  i18n,
  served = null,
  runtime = null,
}: LoadedPage & { runtime?: RuntimeSettings | null }) {
  return (
    <RuntimeContext.Provider value={runtime}>
      <I18nProvider i18n={i18n}>
        <WordBreaksContext.Provider value={page.wordBreaks}>
          <ServedContext.Provider value={served}>
            <Layout page={page}>
              <Component page={page} />
            </Layout>
          </ServedContext.Provider>
        </WordBreaksContext.Provider>
      </I18nProvider>
    </RuntimeContext.Provider>
  );
}
