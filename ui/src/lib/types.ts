/**
 * The contract with the server. Every type of data the server sends is generated from the Rust
 * structs that serialize it (`./generated/`, rewritten by `scripts/generate-ui-types.sh`, checked
 * by the test command); this module names them for the UI and types a page by its body's `kind`.
 */
import type { PageBody } from "./generated/PageBody";
import type { PageData as AnyPageData } from "./generated/PageData";

export type { Block } from "./generated/Block";
export type { Chrome } from "./generated/Chrome";
export type { EntityId as Entity } from "./generated/EntityId";
export type { FooterEntity } from "./generated/FooterEntity";
export type { Inline } from "./generated/Inline";
export type { Intro as IntroData } from "./generated/Intro";
export type { Lang } from "./generated/Lang";
export type { MenuFeatureLink } from "./generated/MenuFeatureLink";
export type { PrivacyLinkSentence } from "./generated/PrivacyLinkSentence";
export type { RuntimeSettings } from "./generated/RuntimeSettings";
export type { SiteConfig } from "./generated/SiteConfig";
export type { PageBody };

/** The kinds of page: the `kind` every page body carries. */
export type PageKind = PageBody["kind"];

/** The body of a page of kind `K`, found by its discriminant. */
export type BodyOf<K extends PageKind> = Extract<PageBody, { kind: K }>;

/** Everything a page renders from, its body one of kind `K` (any kind unless told). */
export type PageData<K extends PageKind = PageKind> = Omit<AnyPageData, "data"> & { data: BodyOf<K> };

/** Props every page component receives: a page of the kind (or kinds) `K` it draws. */
export interface PageProps<K extends PageKind = PageKind> {
  page: PageData<K>;
}

declare global {
  /** An error page's data, as `virtual:server-error-pages` holds the 500 page's (src/virtual.d.ts,
   * whose ambient modules cannot import this module). */
  type ServerErrorPageData = PageData<"error">;
}
