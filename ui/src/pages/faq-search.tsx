import { PageIntro } from "../components/PageIntro";
import type { IntroData, PageProps } from "../lib/types";

export default function FaqSearchPage({ page }: PageProps<IntroData>) {
  return <PageIntro page={page} />;
}
