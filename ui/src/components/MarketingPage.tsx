import type { ComponentChildren, ComponentType } from "preact";
import type { MarketingData, Section, SectionOf } from "../lib/sections";
import type { PageData } from "../lib/types";
import { MarketingLayout, type SectionRenderer } from "./MarketingLayout";
import { CallToAction } from "./sections/CallToAction";
import { Cases } from "./sections/Cases";
import { CertificationBadges } from "./sections/CertificationBadges";
import { ComparisonTable } from "./sections/ComparisonTable";
import { Entities } from "./sections/Entities";
import { Features } from "./sections/Features";
import { FeeTable } from "./sections/FeeTable";
import { Figures } from "./sections/Figures";
import { Licences } from "./sections/Licences";
import { Lifecycle } from "./sections/Lifecycle";
import { Split } from "./sections/Split";
import { Steps } from "./sections/Steps";

/** What draws certifications shown in full (`layout = "full"`, the Trust center only). */
type FullCertifications = ComponentType<{ section: SectionOf<"certifications"> }>;

/** The sections every marketing page may have; `null` for any other kind. Certifications show as
 * a badge row unless the page gives what draws them in full. */
function commonSection(section: Section, fullCertifications: FullCertifications | undefined) {
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
      if (section.layout !== "badges" && fullCertifications) {
        const Full = fullCertifications;
        return <Full section={section} />;
      }
      return <CertificationBadges section={section} />;
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
  fullCertifications,
  more,
  textFirstOnPhone = false,
}: {
  page: PageData<MarketingData>;
  /** Shown above the hero's heading, e.g. the solution tabs. */
  above?: ComponentChildren;
  /** What draws certifications in full, given by the one page that shows them so. */
  fullCertifications?: FullCertifications;
  /** Draws the kinds of the page grammar only some pages have (a diagram, client evidence, a case
   * band, a timeline), so only those pages' chunks carry their code. */
  more?: SectionRenderer;
  /** Leaves the hero's illustration out on a phone (a long page). */
  textFirstOnPhone?: boolean;
}) {
  return (
    <MarketingLayout
      page={page}
      above={above}
      renderSection={(section) => commonSection(section, fullCertifications) ?? more?.(section) ?? null}
      textFirstOnPhone={textFirstOnPhone}
    />
  );
}
