import { localize } from "../lib/paths";
import type { PageProps } from "../lib/types";

interface AnnouncementData {
  heading: string;
  section: string;
  date: string;
  paragraphs: string[];
}

export default function AnnouncementPage({ page }: PageProps<AnnouncementData>) {
  return (
    <article class="container article">
      <p class="eyebrow">
        <a href={localize("/announcements", page.lang)}>{page.data.section}</a>
      </p>
      <h1>{page.data.heading}</h1>
      <time dateTime={page.data.date}>{page.data.date}</time>
      {page.data.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  );
}
