/**
 * The sections of a marketing page, as generated from the Rust structs that serialize them
 * (`./generated/`), with the names the section components use.
 */
import type { SectionView } from "./generated/SectionView";

export type { Action } from "./generated/Action";
export type { CertificationView as Certification } from "./generated/CertificationView";
export type { ClientCase } from "./generated/ClientCase";
export type { EntityParticulars } from "./generated/EntityParticulars";
export type { EvidenceView as Evidence } from "./generated/EvidenceView";
export type { FeatureItem } from "./generated/FeatureItem";
export type { FeeTable } from "./generated/FeeTable";
export type { Hero } from "./generated/Hero";
export type { Illustration as IllustrationName } from "./generated/Illustration";
export type { MarketingData } from "./generated/MarketingData";
export type { TitledText } from "./generated/TitledText";
export type { TrustLine } from "./generated/TrustLine";

/** One section of a marketing page, as the content model computes it. */
export type Section = SectionView;

/** The section of one kind. */
export type SectionOf<K extends Section["kind"]> = Extract<Section, { kind: K }>;
