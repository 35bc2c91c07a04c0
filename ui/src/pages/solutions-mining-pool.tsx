import { PageIntro } from "../components/PageIntro";
import type { IntroData, PageProps } from "../lib/types";

export default function SolutionsMiningPoolPage({ page }: PageProps<IntroData>) {
  return <PageIntro page={page} />;
}
