import { Trans, useLingui } from "@lingui/react/macro";
import type { ComponentChildren } from "preact";
import type { PageData } from "../lib/types";
import { FormattedDate } from "./FormattedDate";
import { PageIntro } from "./PageIntro";
import { RichText } from "./RichText";
import { useActiveSection } from "./useActiveSection";
import { Words } from "./Words";

/** A long-form page: heading, last-updated date (or effective, last-amended and last-reviewed
 * dates), table of contents that marks the section being read, and titled sections with the
 * amendments they record;
 * `extras` adds content (such as a control) at the end of the section with that id. */
export function LegalDocument({
  page,
  extras = {},
}: {
  page: PageData<"document">;
  extras?: Record<string, ComponentChildren>;
}) {
  const { t } = useLingui();
  const reading = useActiveSection(page.data.sections.map((section) => section.id));
  return (
    <>
      <PageIntro page={page}>
        {page.data.reviewed && page.data.amended ? (
          <p class="eyebrow">
            <Trans>
              Effective <FormattedDate date={page.data.updated} lang={page.lang} />. Last amended{" "}
              <FormattedDate date={page.data.amended} lang={page.lang} />. Last reviewed{" "}
              <FormattedDate date={page.data.reviewed} lang={page.lang} />.
            </Trans>
          </p>
        ) : page.data.reviewed ? (
          <p class="eyebrow">
            <Trans>
              Effective <FormattedDate date={page.data.updated} lang={page.lang} />. Last reviewed{" "}
              <FormattedDate date={page.data.reviewed} lang={page.lang} />.
            </Trans>
          </p>
        ) : (
          <p class="eyebrow">
            <Trans>
              Last updated <FormattedDate date={page.data.updated} lang={page.lang} />
            </Trans>
          </p>
        )}
      </PageIntro>
      <div class="container document">
        <nav class="document__toc" aria-label={t`Contents`}>
          <h2>
            <Trans>Contents</Trans>
          </h2>
          <ol>
            {page.data.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} aria-current={reading === section.id ? "location" : undefined}>
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article class="document__body">
          {page.data.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>
                <Words text={section.heading} />
              </h2>
              <RichText blocks={section.blocks} />
              {section.amendments.length > 0 && (
                <ul>
                  {section.amendments.map(({ date, summary }) => (
                    <li key={date}>
                      <Trans comment="A recorded amendment of a legal page: the day it took effect, then what changed">
                        <FormattedDate date={date} lang={page.lang} />: {summary}
                      </Trans>
                    </li>
                  ))}
                </ul>
              )}
              {extras[section.id]}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
