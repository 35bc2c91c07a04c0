/**
 * The contract with the server. Every type of data the server sends is generated from the Rust
 * structs that serialize it (`./generated/`, rewritten by `scripts/generate-ui-types.sh`, checked
 * by the test command); this module names them for the UI and adds the page generic.
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
export type { PrivacyLinkSentence } from "./generated/PrivacyLinkSentence";
export type { RuntimeSettings } from "./generated/RuntimeSettings";
export type { SiteConfig } from "./generated/SiteConfig";
export type { PageBody };

/** Everything a page renders from, its body of the shape `D`. */
export type PageData<D = PageBody> = Omit<AnyPageData, "data"> & { data: D };

/** Props every page component receives. */
export interface PageProps<D = PageBody> {
  page: PageData<D>;
}
