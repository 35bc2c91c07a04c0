import { PageIntro } from "../components/PageIntro";
import type { IntroData, PageProps } from "../lib/types";

export default function AmlPage({ page }: PageProps<IntroData>) {
  return <PageIntro page={page} />;
}
