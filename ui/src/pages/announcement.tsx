import { Breadcrumbs } from "../components/Breadcrumbs";
import { FormattedDate } from "../components/FormattedDate";
import { RichText } from "../components/RichText";
import { localize } from "../lib/paths";
import type { Block, PageProps } from "../lib/types";

interface AnnouncementData {
  heading: string;
  section: string;
  date: string;
  blocks: Block[];
}

export default function AnnouncementPage({ page }: PageProps<AnnouncementData>) {
  return (
    <article class="container article">
      <Breadcrumbs
        trail={[{ href: localize("/announcements", page.lang), label: page.data.section }]}
        current={page.data.heading}
      />
      <h1>{page.data.heading}</h1>
      <p class="article__date">
        <FormattedDate date={page.data.date} lang={page.lang} />
      </p>
      <RichText blocks={page.data.blocks} />
    </article>
  );
}
