import { MarketingPage } from "../components/MarketingPage";
import type { PageProps } from "../lib/types";
import "../styles/pages/home.css";

export { prepare } from "../components/MarketingPage";

export default function HomePage({ page }: PageProps<"marketing">) {
  return <MarketingPage page={page} />;
}
