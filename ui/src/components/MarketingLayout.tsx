import { Fragment, type ComponentChildren, type VNode } from "preact";
import type { Section } from "../lib/sections";
import type { PageData } from "../lib/types";
import { Hero } from "./Hero";
import "../styles/marketing.css";

/** Renders one section of a page's content; `null` for a kind it does not know. */
export type SectionRenderer = (section: Section) => VNode | null;

/** The frame of every marketing page: its hero, then each section of its content in order, drawn
 * by `renderSection`. Pages pass only the sections they can have, so a page's chunk carries only
 * their code (src/components/MarketingPage.tsx has the common ones). */
export function MarketingLayout({
  page,
  above,
  renderSection,
  textFirstOnPhone = false,
}: {
  page: PageData<"marketing">;
  /** Shown above the hero's heading, e.g. the solution tabs. */
  above?: ComponentChildren;
  renderSection: SectionRenderer;
  /** Leaves the hero's illustration out on a phone (a long page). */
  textFirstOnPhone?: boolean;
}) {
  const { heading, lead, hero, trust, sections } = page.data;
  return (
    <>
      {above}
      <Hero heading={heading} lead={lead} hero={hero} trust={trust} textFirstOnPhone={textFirstOnPhone} />
      {sections.map((section) => (
        <Fragment key={section.id}>{renderSection(section)}</Fragment>
      ))}
    </>
  );
}
