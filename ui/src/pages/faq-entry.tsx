import { PageIntro } from "../components/PageIntro";
import { localize } from "../lib/paths";
import type { IntroData, PageProps } from "../lib/types";

interface FaqEntryData extends IntroData {
  section: string;
}

export default function FaqEntryPage({ page }: PageProps<FaqEntryData>) {
  return (
    <PageIntro page={page}>
      <p class="eyebrow">
        <a href={localize("/faq", page.lang)}>{page.data.section}</a>
      </p>
    </PageIntro>
  );
}
