import type { Block } from "./types";

/** A button to a page of the site; `href` is already localized. */
export interface Action {
  label: string;
  href: string;
  style: "primary" | "secondary";
}

/** The illustrations drawn for the site. */
export type IllustrationName =
  | "vault"
  | "network"
  | "settlement"
  | "shield"
  | "globe"
  | "approval"
  | "whitelist"
  | "deposit-batch"
  | "settlement-email"
  | "defi-approval"
  | "statement";

/** What a marketing page's intro shows besides its heading and lead. */
export interface Hero {
  eyebrow?: string;
  illustration?: IllustrationName;
  action: Action[];
}

/** A title with a short text: a step, a lifecycle stage or outcome. */
export interface TitledText {
  title: string;
  body: string;
}

/** An anonymised client set-up: who, where, what it needed, what it set up, and its figures. */
export interface ClientCase {
  client: string;
  context: string;
  need: string;
  setup: string;
  metric: { value: string; label: string }[];
}

interface SectionBase {
  id: string;
  heading: string;
  lead?: string;
}

/** A card of a feature grid; `href` is already localized. */
export interface FeatureItem {
  icon?: string;
  title: string;
  body: string;
  points: string[];
  href?: string;
  link?: string;
}

/** A fee table with every amount filled in. */
export interface FeeTable {
  caption: string;
  header: [string, string];
  rows: { id: string; item: string; fee: string }[];
}

/** When a certification applies: an auditor's report over a review period or as of one day, or a
 * certificate with its number and last valid day (ISO dates). */
export type Evidence =
  | { kind: "period"; from: string; to: string }
  | { kind: "as-of"; date: string }
  | { kind: "certificate"; number: string; validUntil: string };

/** A certification or audit report: its scope (`body`), issuer and evidence. */
export interface Certification {
  id: string;
  name: string;
  body: string;
  issuer: string;
  evidence: Evidence;
}

/** A legal entity's particulars, from content/site.toml and content/{lang}/site.toml. */
export interface EntityParticulars {
  id: string;
  name: string;
  legalName: string;
  registration: string;
  address: string;
  regulator: string;
  licence: string | null;
  status: string;
  scope: string;
}

/** One section of a marketing page, as the content model computes it. */
export type Section =
  | (SectionBase & { kind: "figures"; item: { figure: string; label: string; value: string }[] })
  | (SectionBase & {
      kind: "features";
      /** Bordered cards, or rows without borders (one or two columns). */
      layout: "cards" | "list";
      columns: 1 | 2 | 3 | 4;
      item: FeatureItem[];
      action: Action[];
    })
  | (SectionBase & { kind: "steps"; item: TitledText[] })
  | (SectionBase & { kind: "split"; body: Block[]; illustration?: IllustrationName; action: Action[] })
  | (SectionBase & { kind: "table"; caption?: string; header: string[]; rows: string[][] })
  | (SectionBase & { kind: "fees"; schedule: "flexible" | "fixed"; note?: string; table: FeeTable })
  | (SectionBase & { kind: "certifications"; item: Certification[] })
  | (SectionBase & { kind: "cases"; item: ClientCase[]; note: string })
  | (SectionBase & {
      kind: "lifecycle";
      stage: TitledText[];
      outcomes_heading: string;
      outcome: TitledText[];
    })
  | (SectionBase & {
      kind: "entities";
      item: {
        entity: "sg" | "hk";
        points: string[];
        link: string;
        href: string;
        particulars: EntityParticulars;
      }[];
    })
  | (SectionBase & { kind: "licences"; item: EntityParticulars[] })
  | (SectionBase & { kind: "cta"; body: string; action: Action[] })
  | (SectionBase & {
      kind: "brand-logos";
      item: { logo: "full-colour" | "monochrome" | "white"; title: string; body: string }[];
    })
  | (SectionBase & {
      kind: "brand-palette";
      item: { colour: string; title: string; body: string; hex: string; rgb: string }[];
    })
  | (SectionBase & {
      kind: "brand-copy";
      item: { copy: string; title: string; texts: { lang: string; text: string }[] }[];
    })
  | (SectionBase & { kind: "brand-rules"; item: { tone: "do" | "dont"; title: string; points: string[] }[] })
  | (SectionBase & { kind: "brand-download"; body: string; link: string });

/** The data of a marketing page. */
export interface MarketingData {
  heading: string;
  lead: string;
  hero: Hero;
  sections: Section[];
}

/** The section of one kind. */
export type SectionOf<K extends Section["kind"]> = Extract<Section, { kind: K }>;
