import { MarketingPage } from "../components/MarketingPage";
import type { MarketingData } from "../lib/sections";
import type { PageProps } from "../lib/types";

export { prepare } from "../components/MarketingPage";

export default function OasisOffExchangeSettlementPage({ page }: PageProps<MarketingData>) {
  return <MarketingPage page={page} />;
}
