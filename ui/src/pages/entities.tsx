import { MarketingPage } from "../components/MarketingPage";
import type { PageProps } from "../lib/types";
import "../styles/pages/entities.css";

export { prepare } from "../components/MarketingPage";

export default function EntitiesPage({ page }: PageProps<"marketing">) {
  return <MarketingPage page={page} contents />;
}
