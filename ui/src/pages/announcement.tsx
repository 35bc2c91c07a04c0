import { Trans, useLingui } from "@lingui/react/macro";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { FormattedDate } from "../components/FormattedDate";
import { RichText } from "../components/RichText";
import { localize } from "../lib/paths";
import type { Lang, PageProps } from "../lib/types";
import { Words } from "../components/Words";

const announcementHref = (id: string, lang: Lang) => localize(`/announcements/${id}`, lang);

/** One announcement, with links to its neighbours in the list, so that every announcement is
 * reachable by links (the list shows five at a time); one a newer announcement superseded opens
 * with a notice that links to it (the boxed `.related` surface of global.css, no styles of its own). */
export default function AnnouncementPage({ page }: PageProps<"announcement">) {
  const { t } = useLingui();
  const { newer, older, superseded } = page.data;
  return (
    <article class="container article">
      <Breadcrumbs
        trail={[{ href: localize("/announcements", page.lang), label: page.data.section }]}
        current={page.data.heading}
      />
      <h1>
        <Words text={page.data.heading} />
      </h1>
      <p class="article__date">
        <FormattedDate date={page.data.date} lang={page.lang} />
      </p>
      {superseded && (
        <p class="related" role="note">
          <Words text={superseded.notice} />
          {page.lang === "en" && " "}
          <a href={announcementHref(superseded.successor.id, page.lang)}>{superseded.successor.title}</a>
        </p>
      )}
      <RichText blocks={page.data.blocks} />
      <nav class="pager" aria-label={t`More announcements`}>
        {newer && (
          <a class="pager__previous" href={announcementHref(newer.id, page.lang)} rel="prev">
            <span class="pager__label">
              <Trans>Newer announcement</Trans>
            </span>
            {newer.title}
          </a>
        )}
        {older && (
          <a class="pager__next" href={announcementHref(older.id, page.lang)} rel="next">
            <span class="pager__label">
              <Trans>Older announcement</Trans>
            </span>
            {older.title}
          </a>
        )}
      </nav>
    </article>
  );
}
