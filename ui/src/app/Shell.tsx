import "virtual:design-tokens.css";
import "virtual:site-font.css";
import "virtual:brand-device.css";
import "../styles/global.css";
import "../styles/layers.css";
import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { WordBreaksContext } from "../components/Words";
import type { PageComponent } from "../lib/pages";
import type { PageData, RuntimeSettings } from "../lib/types";
import { Layout } from "./Layout";
import { RuntimeContext } from "./runtime";

/** A page ready to render: its data, its component and the Lingui instance of its language. */
export interface LoadedPage {
  page: PageData;
  Component: PageComponent;
  i18n: I18n;
}

/** The whole body of a document: the same tree is prerendered at build time and hydrated. */
export function Shell({
  page,
  Component,
  i18n,
  runtime = null,
}: LoadedPage & { runtime?: RuntimeSettings | null }) {
  return (
    <RuntimeContext.Provider value={runtime}>
      <I18nProvider i18n={i18n}>
        <WordBreaksContext.Provider value={page.wordBreaks}>
          <Layout page={page}>
            <Component page={page} />
          </Layout>
        </WordBreaksContext.Provider>
      </I18nProvider>
    </RuntimeContext.Provider>
  );
}
