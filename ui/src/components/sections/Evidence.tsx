import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";

/** Client evidence: a strip of client-type monograms, each over its count and what it counts.
 * Evidence is figures only: no quote, composite or not, stands for a client. */
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
    </SectionFrame>
  );
}
