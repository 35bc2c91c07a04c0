import { MarketingPage } from "../components/MarketingPage";
import type { PageProps } from "../lib/types";
import "../styles/pages/clients.css";

export { prepare } from "../components/MarketingPage";

export default function ClientsPage({ page }: PageProps<"marketing">) {
  return <MarketingPage page={page} contents />;
}
