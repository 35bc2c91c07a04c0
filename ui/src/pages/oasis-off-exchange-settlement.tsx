import { PageIntro } from "../components/PageIntro";
import type { IntroData, PageProps } from "../lib/types";

export default function OasisOffExchangeSettlementPage({ page }: PageProps<IntroData>) {
  return <PageIntro page={page} />;
}
