import { Trans } from "@lingui/react/macro";
import type { Section } from "../lib/sections";

/** The sections of a long page as a list of links, in a column beside them from 75rem, where it
 * stays in view as the page scrolls (styles/marketing.css: CSS alone, no script). Hidden on
 * narrower screens, where the sections take the whole width. */
export function OnThisPage({ sections }: { sections: Section[] }) {
  return (
    <div class="on-this-page">
      <nav class="on-this-page__inner" aria-labelledby="on-this-page">
        <p id="on-this-page" class="on-this-page__title">
          <Trans>On this page</Trans>
        </p>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}
