import { MarketingPage } from "../components/MarketingPage";
import { SolutionTabs } from "../components/SolutionTabs";
import type { PageProps } from "../lib/types";

export { prepare } from "../components/MarketingPage";

export default function SolutionsCryptoExchangesPage({ page }: PageProps<"marketing">) {
  return <MarketingPage page={page} above={<SolutionTabs page={page} />} />;
}
