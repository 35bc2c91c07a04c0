import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";

/** The initials of a name: the first letter of its first and last words. */
function initials(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** A table of people as cards: each person's initials in a shard of the brand's lattice, their
 * name, role and what they do, under the name of the table's third column. */
export function People({ section }: { section: SectionOf<"table"> }) {
  return (
    <SectionFrame section={section}>
      <ul class="people">
        {section.rows.map(([name = "", role = "", line = ""]) => (
          <li key={`${name} ${role}`} class="person">
            <span class="person__initials" aria-hidden="true">
              <span>{initials(name)}</span>
            </span>
            <h3 class="person__name">{name}</h3>
            <p class="person__role">{role}</p>
            <p class="person__line">
              <span class="person__label">{section.header[2]}</span> {line}
            </p>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
