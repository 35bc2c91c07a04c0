import { MarketingPage } from "../components/MarketingPage";
import type { PageProps } from "../lib/types";

export { prepare } from "../components/MarketingPage";

export default function ServicesPage({ page }: PageProps<"marketing">) {
  return <MarketingPage page={page} contents />;
}
