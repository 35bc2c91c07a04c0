/** Languages the site is published in; English has no path prefix, Chinese lives under /zh. */
export type Lang = "en" | "zh";

/** A legal entity clients contract with, as the footer names it. */
export interface FooterEntity {
  id: string;
  legalName: string;
  registration: string;
  address: string;
  status: string;
}

/** Brand copy the header and footer need, in the page's language (from content/{lang}/site.toml). */
export interface Chrome {
  name: string;
  legalLine: string;
  skipLink: string;
  entities: FooterEntity[];
  /** One line under each link of the header's menus, by unprefixed page path (`insights` for
   * the Insights link); see `summaryKey` in src/app/nav.ts. */
  menuSummaries: Record<string, string>;
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
  /** The page's share card, added by the server (absent from the build's page data). */
  shareImage?: { url: string; alt: string } | null;
  /** The Atom feed the page links to, added by the server. */
  feed?: { href: string; title: string } | null;
}

/** A legal entity of the provider: Singapore or Hong Kong. */
export type Entity = "sg" | "hk";

/** Deployment settings from the server's configuration. */
export interface RuntimeSettings {
  environment: "test" | "main";
  /** Base URL of the identity service; empty means no login-state call. */
  iamBase: string;
  login: Record<Entity, string>;
  logout: Record<Entity, string>;
  /** Page-view analytics script; empty means none. */
  analyticsScript: string;
  buildCheckIntervalSecs: number;
  insightsUrl: string;
}

/** The configuration the server injects into every document as JSON. */
export interface SiteConfig {
  buildId: string;
  runtime: RuntimeSettings;
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

/** Inline content of long-form text: plain text or a link (already localized). */
export type Inline = string | { text: string; href: string };

/** A block of long-form text: a paragraph or a bullet list. */
export type Block = { p: Inline[] } | { ul: Inline[][] };
