import type { ComponentChildren } from "preact";
import type { MarketingData, Section } from "../lib/sections";
import type { PageData } from "../lib/types";
import { MarketingLayout } from "./MarketingLayout";
import { CallToAction } from "./sections/CallToAction";
import { Cases } from "./sections/Cases";
import { Certifications } from "./sections/Certifications";
import { ComparisonTable } from "./sections/ComparisonTable";
import { Entities } from "./sections/Entities";
import { Features } from "./sections/Features";
import { FeeTable } from "./sections/FeeTable";
import { Figures } from "./sections/Figures";
import { Licences } from "./sections/Licences";
import { Lifecycle } from "./sections/Lifecycle";
import { Split } from "./sections/Split";
import { Steps } from "./sections/Steps";

/** The sections every marketing page may have; `null` for any other kind. */
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
      return <Certifications section={section} />;
    case "cases":
      return <Cases section={section} />;
    case "lifecycle":
      return <Lifecycle section={section} />;
    case "entities":
      return <Entities section={section} />;
    case "licences":
      return <Licences section={section} />;
    case "cta":
      return <CallToAction section={section} />;
    default:
      return null;
  }
}

/** A marketing page: its hero, then each of its sections, of the common kinds. */
export function MarketingPage({
  page,
  above,
}: {
  page: PageData<MarketingData>;
  /** Shown above the hero's heading, e.g. the solution tabs. */
  above?: ComponentChildren;
}) {
  return <MarketingLayout page={page} above={above} renderSection={commonSection} />;
}
