import type { ComponentChildren, ComponentType } from "preact";
import type { Section } from "../lib/sections";
import type { PageData } from "../lib/types";
import "../styles/grammar.css";
import { MarketingLayout } from "./MarketingLayout";
import { CallToAction } from "./sections/CallToAction";
import { Cases } from "./sections/Cases";
import { CertificationBadges } from "./sections/CertificationBadges";
import { ComparisonTable } from "./sections/ComparisonTable";
import { Entities } from "./sections/Entities";
import { Features } from "./sections/Features";
import { FeeTable } from "./sections/FeeTable";
import { Figures } from "./sections/Figures";
import { Split } from "./sections/Split";
import { Steps } from "./sections/Steps";

/** What draws the sections without behaviour that only some pages show (ServedSections.tsx), once
 * its chunk is loaded. */
let ServedSection: ComponentType<{ section: Section }> | null = null;

/** Loads the code of the sections a marketing page may show beyond the common ones. Every marketing
 * page module exports it as `prepare` (src/lib/pages.ts), so drawing a page from nothing
 * (prerendering, client navigation) has it; a first visit keeps their served markup and never
 * loads it. */
export const prepare = () =>
  import("./sections/ServedSections").then((module) => {
    ServedSection = module.default;
  });

/** Left as served: hydration does not touch the children of an element with inner HTML. */
const AS_SERVED = { __html: "" };

/** A section of a marketing page: the common kinds drawn here, the others served; certifications
 * are a badge row here, or in full (served) on the Trust center. */
function commonSection(section: Section) {
  switch (section.kind) {
    case "figures":
      return <Figures section={section} />;
    case "features":
      return <Features section={section} />;
    case "steps":
      return <Steps section={section} />;
    case "split":
      return <Split section={section} />;
    case "table":
      return <ComparisonTable section={section} />;
    case "fees":
      return <FeeTable section={section} />;
    case "certifications":
      if (section.layout === "badges") return <CertificationBadges section={section} />;
      break;
    case "cases":
      return <Cases section={section} />;
    case "entities":
      return <Entities section={section} />;
    case "cta":
      return <CallToAction section={section} />;
  }
  return ServedSection ? (
    <div class="served-section">
      <ServedSection section={section} />
    </div>
  ) : (
    <div class="served-section" dangerouslySetInnerHTML={AS_SERVED} />
  );
}

/** A marketing page: its hero, then each of its sections, of the common kinds. */
export function MarketingPage({
  page,
  above,
  textFirstOnPhone = false,
}: {
  page: PageData<"marketing">;
  /** Shown above the hero's heading, e.g. the solution tabs. */
  above?: ComponentChildren;
  /** Leaves the hero's illustration out on a phone (a long page). */
  textFirstOnPhone?: boolean;
}) {
  return (
    <MarketingLayout
      page={page}
      above={above}
      renderSection={commonSection}
      textFirstOnPhone={textFirstOnPhone}
    />
  );
}
