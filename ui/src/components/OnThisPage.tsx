import { Trans } from "@lingui/react/macro";
import type { Section } from "../lib/sections";

/** The sections of a long page as a row of links under the hero from 75rem (styles/marketing.css).
 * Hidden on narrower screens, where a phone's folds list the sections by their headings. */
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
