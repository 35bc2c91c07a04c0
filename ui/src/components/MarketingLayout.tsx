import type { ComponentChildren, VNode } from "preact";
import type { Section } from "../lib/sections";
import type { PageData } from "../lib/types";
import { Hero } from "./Hero";
import { OnThisPage } from "./OnThisPage";
import { Words } from "./Words";
import { sectionClass, toneOf } from "./sections/tone";
import "../styles/marketing.css";
import "../styles/screens.css";

/** Draws the inside of one section of a page's content; `null` to leave it as served (its code not
 * loaded on a first visit: hydration keeps the prerendered markup). */
export type SectionRenderer = (section: Section) => VNode | null;

/** Left as served: hydration does not touch the children of an element with inner HTML. */
const AS_SERVED = { __html: "" };

/** The frame of every marketing page: its hero, then each section of its content in order, each in
 * a `<section>` with its anchor and background, drawn by `renderSection`; the closing call to
 * action last. A long page (`contents`) lists its sections beside them on a wide screen. */
export function MarketingLayout({
  page,
  above,
  renderSection,
  art = null,
  textFirstOnPhone = false,
  contents = false,
  foldOnPhoneAfter = null,
  trustLine = true,
}: {
  page: PageData<"marketing">;
  /** Shown above the hero's heading, e.g. the solution tabs. */
  above?: ComponentChildren;
  renderSection: SectionRenderer;
  /** The hero's illustration, drawn; `null` to leave it as served. */
  art?: VNode | null;
  /** Leaves the hero's illustration out on a phone (a long page). */
  textFirstOnPhone?: boolean;
  /** Lists the page's sections in a column of their own from 75rem (a long page). */
  contents?: boolean;
  /** On a phone, folds every section after this many under its heading (a disclosure row, its
   * content still in the page), so a long page reads as a short list. */
  foldOnPhoneAfter?: number | null;
  /** Shows the trust badges under the hero; a page that is not about custody (the press kit) leaves
   * them out. */
  trustLine?: boolean;
}) {
  const { heading, lead, hero, trust, sections } = page.data;
  const body = sections.filter((section) => section.kind !== "cta");
  const closing = sections.filter((section) => section.kind === "cta");
  const drawn = (list: Section[], foldFrom: number | null = null) =>
    list.map((section, index) => {
      const previous = list[index - 1];
      const className = sectionClass(toneOf(section), previous && toneOf(previous));
      const inside = renderSection(section);
      return inside ? (
        <section key={section.id} id={section.id} class={className}>
          {foldFrom !== null && index >= foldFrom ? (
            <SectionFold heading={section.heading}>{inside}</SectionFold>
          ) : (
            inside
          )}
        </section>
      ) : (
        <section key={section.id} id={section.id} class={className} dangerouslySetInnerHTML={AS_SERVED} />
      );
    });
  return (
    <>
      {above}
      <Hero
        heading={heading}
        lead={lead}
        hero={hero}
        trust={trustLine ? trust : null}
        art={art}
        textFirstOnPhone={textFirstOnPhone}
      />
      <div class={contents ? "page-body page-body--contents" : "page-body"}>
        {contents && <OnThisPage sections={body} />}
        {drawn(body, foldOnPhoneAfter)}
      </div>
      {drawn(closing)}
    </>
  );
}

/** A section folded on a phone: its heading the summary of a disclosure that holds the section,
 * always open from 48rem, where the summary is the section's heading (styles/marketing.css). */
function SectionFold({ heading, children }: { heading: string; children: VNode }) {
  return (
    <details class="fold section-fold">
      <summary class="container section-fold__summary">
        <h2>
          <Words text={heading} />
        </h2>
      </summary>
      {children}
    </details>
  );
}
