import { MarketingPage } from "../components/MarketingPage";
import type { PageProps } from "../lib/types";
import "../styles/pages/how-custody-works.css";

export { prepare } from "../components/MarketingPage";

export default function HowCustodyWorksPage({ page }: PageProps<"marketing">) {
  return <MarketingPage page={page} contents foldOnPhoneAfter={2} />;
}
