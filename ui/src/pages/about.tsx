import { MarketingPage } from "../components/MarketingPage";
import type { PageProps } from "../lib/types";
import "../styles/pages/about.css";

export { prepare } from "../components/MarketingPage";

export default function AboutPage({ page }: PageProps<"marketing">) {
  return <MarketingPage page={page} contents />;
}
