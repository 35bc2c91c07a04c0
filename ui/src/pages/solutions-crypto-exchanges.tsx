import { PageIntro } from "../components/PageIntro";
import { SolutionTabs } from "../components/SolutionTabs";
import type { IntroData, PageProps } from "../lib/types";

export default function SolutionsCryptoExchangesPage({ page }: PageProps<IntroData>) {
  return (
    <>
      <SolutionTabs page={page} />
      <PageIntro page={page} />
    </>
  );
}
