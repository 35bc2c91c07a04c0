import { MarketingPage } from "../components/MarketingPage";
import { CaseBand } from "../components/sections/CaseBand";
import { Diagram } from "../components/sections/Diagram";
import { Evidence } from "../components/sections/Evidence";
import type { MarketingData, Section } from "../lib/sections";
import type { PageProps } from "../lib/types";

/** The home page's own kinds: how assets are held, client evidence and the band of cases. */
function homeSection(section: Section) {
  switch (section.kind) {
    case "diagram":
      return <Diagram section={section} />;
    case "evidence":
      return <Evidence section={section} />;
    case "case-band":
      return <CaseBand section={section} />;
    default:
      return null;
  }
}

export default function HomePage({ page }: PageProps<MarketingData>) {
  return <MarketingPage page={page} more={homeSection} />;
}
