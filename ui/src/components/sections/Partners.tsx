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

/** How many typographic treatments the wordmarks cycle through (styles/evidence.css): each firm
 * of the strip is set in its own. */
const TREATMENTS = 7;

/** Groups of wordmarks: what the firms do (its label spanning as many cells as the group has
 * names, styles/evidence.css), then their names as logotypes in the site's one typeface, each in
 * its own treatment (its first word the name, the rest the kind of firm). Fictional firms, like
 * the company. */
export function PartnerGroups({ groups }: { groups: PartnerGroupView[] }) {
  if (groups.length === 0) return null;
  let firm = 0;
  return (
    <dl class="wordmarks">
      {groups.map((group) => (
        <div key={group.label} class="wordmarks__group">
          <dt class={`wordmarks__role wordmarks__role--${Math.min(group.names.length, 4)}`}>{group.label}</dt>
          {group.names.map((name) => {
            const [first = "", ...rest] = name.split(" ");
            return (
              <dd key={name} class={`wordmark wordmark--${firm++ % TREATMENTS}`}>
                <span class="wordmark__name">{first}</span> {rest.join(" ")}
              </dd>
            );
          })}
        </div>
      ))}
    </dl>
  );
}
