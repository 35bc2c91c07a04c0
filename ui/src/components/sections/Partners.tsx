import type { PartnerGroupView } from "../../lib/generated/PartnerGroupView";
import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";

/** The firms the company works with, as a section of its own. */
export function Partners({ section }: { section: SectionOf<"partners"> }) {
  return (
    <SectionFrame section={section}>
      <PartnerGroups groups={section.group} />
    </SectionFrame>
  );
}

/** A firm's monogram: the first letters of the first two words of its name. */
function monogram(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0])
    .join("")
    .toUpperCase();
}

/** Groups of wordmarks: what the firms do (its label spanning as many cells as the group has
 * names, styles/evidence.css), then their names set alike as logotypes in the site's one typeface,
 * each led by its monogram in a shard. Fictional firms, like the company. */
export function PartnerGroups({ groups }: { groups: PartnerGroupView[] }) {
  if (groups.length === 0) return null;
  return (
    <dl class="wordmarks">
      {groups.map((group) => (
        <div key={group.label} class="wordmarks__group">
          <dt class={`wordmarks__role wordmarks__role--${Math.min(group.names.length, 4)}`}>{group.label}</dt>
          {group.names.map((name) => (
            <dd key={name} class="wordmark">
              <span class="wordmark__monogram" aria-hidden="true">
                {monogram(name)}
              </span>
              {name}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}
