import { MarketingPage } from "../components/MarketingPage";
import { CertificationTiles } from "../components/sections/CertificationTiles";
import type { MarketingData } from "../lib/sections";
import type { PageProps } from "../lib/types";

export default function TrustCenterPage({ page }: PageProps<MarketingData>) {
  return <MarketingPage page={page} fullCertifications={CertificationTiles} textFirstOnPhone />;
}
