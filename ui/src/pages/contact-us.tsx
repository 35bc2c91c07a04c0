import { PageIntro } from "../components/PageIntro";
import type { IntroData, PageProps } from "../lib/types";

export default function ContactUsPage({ page }: PageProps<IntroData>) {
  return <PageIntro page={page} />;
}
