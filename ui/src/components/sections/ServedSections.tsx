import type { Hero, Section } from "../../lib/sections";
import { LatticeStage } from "../screens/LatticeStage";
import { Screen } from "../screens/Screen";
import { CallToAction } from "./CallToAction";
import { Cases } from "./Cases";
import { CertificationBadges } from "./CertificationBadges";
import { CertificationTiles } from "./CertificationTiles";
import { ComparisonTable } from "./ComparisonTable";
import { Diagram } from "./Diagram";
import { Entities } from "./Entities";
import { Evidence } from "./Evidence";
import { Features } from "./Features";
import { FeeTable } from "./FeeTable";
import { Figures } from "./Figures";
import { Licences } from "./Licences";
import { Lifecycle } from "./Lifecycle";
import { Partners } from "./Partners";
import { People } from "./People";
import { Split } from "./Split";
import { Steps } from "./Steps";
import { Timeline } from "./Timeline";

/** The inside of a section of a marketing page, by kind, in a chunk of its own
 * (src/components/MarketingPage.tsx): none has behaviour, so a first visit keeps the served
 * markup and never loads this code. */
export default function ServedSection({ section }: { section: Section }) {
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
      return section.layout === "people" ? (
        <People section={section} />
      ) : (
        <ComparisonTable section={section} />
      );
    case "fees":
      return <FeeTable section={section} />;
    case "certifications":
      return section.layout === "badges" ? (
        <CertificationBadges section={section} />
      ) : (
        <CertificationTiles section={section} />
      );
    case "cases":
      return <Cases section={section} />;
    case "entities":
      return <Entities section={section} />;
    case "licences":
      return <Licences section={section} />;
    case "lifecycle":
      return <Lifecycle section={section} />;
    case "diagram":
      return <Diagram section={section} />;
    case "evidence":
      return <Evidence section={section} />;
    case "partners":
      return <Partners section={section} />;
    case "timeline":
      return <Timeline section={section} />;
    case "cta":
      return <CallToAction section={section} />;
    default:
      return null;
  }
}

/** The hero's illustration: a mock product screen or a lattice diagram, over the large lattice of
 * the mark in a layered hero. */
export function HeroArt({ hero }: { hero: Hero }) {
  if (!hero.illustration) return null;
  const screen = <Screen name={hero.illustration} words={hero.words} facts={{ keys: hero.keys }} />;
  return hero.layout === "layered" ? (
    <>
      <LatticeStage />
      {screen}
    </>
  ) : (
    screen
  );
}
