import { FormattedDate } from "../components/FormattedDate";
import { PageIntro } from "../components/PageIntro";
import { localize } from "../lib/paths";
import type { IntroData, PageProps } from "../lib/types";

interface AnnouncementsData extends IntroData {
  items: { id: string; date: string; title: string; summary: string }[];
}

export default function AnnouncementsPage({ page }: PageProps<AnnouncementsData>) {
  return (
    <>
      <PageIntro page={page} />
      <section class="container">
        <ul class="card-list">
          {page.data.items.map((item) => (
            <li key={item.id} class="card">
              <FormattedDate date={item.date} lang={page.lang} />
              <h2>
                <a href={localize(`/announcements/${item.id}`, page.lang)}>{item.title}</a>
              </h2>
              <p>{item.summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
