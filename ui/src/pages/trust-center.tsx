import { MarketingPage } from "../components/MarketingPage";
import type { PageProps } from "../lib/types";
import "../styles/pages/trust-center.css";

export { prepare } from "../components/MarketingPage";

export default function TrustCenterPage({ page }: PageProps<"marketing">) {
  return <MarketingPage page={page} textFirstOnPhone contents foldOnPhoneAfter={6} />;
}
