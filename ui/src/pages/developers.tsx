import { MarketingPage } from "../components/MarketingPage";
import type { PageProps } from "../lib/types";
import "../styles/lattice-edge.css";

export { prepare } from "../components/MarketingPage";

export default function DevelopersPage({ page }: PageProps<"marketing">) {
  return <MarketingPage page={page} />;
}
