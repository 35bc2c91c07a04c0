import type { ComponentChildren, ComponentType } from "preact";
import type { Hero, Section } from "../lib/sections";
import type { PageData } from "../lib/types";
import { MarketingLayout } from "./MarketingLayout";

/** What draws a section and the hero's illustration (./sections/ServedSections.tsx), once its chunk
 * is loaded. None of them has behaviour: on a first visit they keep their served markup and their
 * code never loads. Their styles are the marketing pages' (styles/marketing.css, screens.css) and,
 * for the kinds only some pages show, those pages' own (imported by src/pages/{id}.tsx). */
let served: {
  Section: ComponentType<{ section: Section }>;
  Art: ComponentType<{ hero: Hero }>;
} | null = null;

/** Loads the code of the sections and illustrations. Every marketing page module exports it as
 * `prepare` (src/lib/pages.ts), so drawing a page from nothing (prerendering, client navigation)
 * has it; a first visit keeps their served markup and never loads it. */
export const prepare = () =>
  import("./sections/ServedSections").then((module) => {
    served = { Section: module.default, Art: module.HeroArt };
  });

/** A section, drawn when its code is loaded, else left as served. */
function section(drawn: Section) {
  return served ? <served.Section section={drawn} /> : null;
}

/** A marketing page: its hero, then each of its sections. */
export function MarketingPage({
  page,
  above,
  textFirstOnPhone = false,
  contents = false,
  foldOnPhoneAfter = null,
}: {
  page: PageData<"marketing">;
  /** Shown above the hero's heading, e.g. the solution tabs. */
  above?: ComponentChildren;
  /** Leaves the hero's illustration out on a phone (a long page). */
  textFirstOnPhone?: boolean;
  /** Lists the page's sections beside them on a wide screen (a long page). */
  contents?: boolean;
  /** On a phone, folds every section after this many under its heading (a long page). */
  foldOnPhoneAfter?: number | null;
}) {
  return (
    <MarketingLayout
      page={page}
      above={above}
      renderSection={section}
      art={served ? <served.Art hero={page.data.hero} /> : null}
      textFirstOnPhone={textFirstOnPhone}
      contents={contents}
      foldOnPhoneAfter={foldOnPhoneAfter}
    />
  );
}
