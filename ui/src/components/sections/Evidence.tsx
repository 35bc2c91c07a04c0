import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";

/** Client evidence: a strip of client-type monograms, each over its count and what it counts, then
 * quotes attributed by role and type of institution, and the note that says they are composites.
 * On a phone the quotes scroll sideways in a named region, the next one showing at the edge. */
export function Evidence({ section }: { section: SectionOf<"evidence"> }) {
  return (
    <SectionFrame section={section}>
      <ul class="monograms">
        {section.client.map((client) => (
          <li key={client.id} class="monogram">
            <span class="monogram__mark" aria-hidden="true">
              {client.monogram}
            </span>
            <span class="monogram__count">{client.count}</span>
            <span class="monogram__label">{client.label}</span>
          </li>
        ))}
      </ul>
      <ul class="quotes scroller" tabIndex={0} aria-label={section.heading}>
        {section.quote.map((quote) => (
          <li key={quote.role} class="quote">
            <figure>
              <blockquote>
                <p>{quote.text}</p>
              </blockquote>
              <figcaption>
                <span class="quote__role">{quote.role}</span>
                <span class="quote__institution">{quote.institution}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p class="cases__note">{section.note}</p>
    </SectionFrame>
  );
}
