import type { Section } from "../../lib/sections";
import { CaseBand } from "./CaseBand";
import { CertificationTiles } from "./CertificationTiles";
import { Diagram } from "./Diagram";
import { Evidence } from "./Evidence";
import { Licences } from "./Licences";
import { Lifecycle } from "./Lifecycle";
import { Timeline } from "./Timeline";

/** The sections without behaviour that only some pages show, in a chunk of their own
 * (src/components/MarketingPage.tsx): a diagram, client evidence, a band of cases, a timeline,
 * licence cards, a lifecycle and the certifications in full (the Trust center's). */
export default function ServedSection({ section }: { section: Section }) {
  switch (section.kind) {
    case "diagram":
      return <Diagram section={section} />;
    case "evidence":
      return <Evidence section={section} />;
    case "case-band":
      return <CaseBand section={section} />;
    case "timeline":
      return <Timeline section={section} />;
    case "licences":
      return <Licences section={section} />;
    case "lifecycle":
      return <Lifecycle section={section} />;
    case "certifications":
      return <CertificationTiles section={section} />;
    default:
      return null;
  }
}
