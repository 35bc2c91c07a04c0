import { MarketingPage } from "../components/MarketingPage";
import { Timeline } from "../components/sections/Timeline";
import type { MarketingData, Section } from "../lib/sections";
import type { PageProps } from "../lib/types";

/** The page's own kind: the onboarding timeline. */
function timeline(section: Section) {
  return section.kind === "timeline" ? <Timeline section={section} /> : null;
}

export default function HowCustodyWorksPage({ page }: PageProps<MarketingData>) {
  return <MarketingPage page={page} more={timeline} />;
}
