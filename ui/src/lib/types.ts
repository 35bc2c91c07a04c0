/** Languages the site is published in; English has no path prefix, Chinese lives under /zh. */
export type Lang = "en" | "zh";

/** Brand copy the header and footer need, in the page's language (from content/{lang}/site.toml). */
export interface Chrome {
  name: string;
  legalLine: string;
  skipLink: string;
}

/** Everything a page renders from: built from content/ by the Rust content model. */
export interface PageData<D = Record<string, unknown>> {
  page: string;
  lang: Lang;
  path: string;
  title: string;
  description: string;
  data: D;
  chrome: Chrome;
}

/** The configuration the server injects into every document as JSON. */
export interface SiteConfig {
  buildId: string;
  page: PageData;
}

/** Props every page component receives. */
export interface PageProps<D = Record<string, unknown>> {
  page: PageData<D>;
}

/** The heading and introduction every page carries. */
export interface IntroData {
  heading: string;
  lead: string;
}
