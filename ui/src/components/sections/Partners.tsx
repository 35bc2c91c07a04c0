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

/** Groups of wordmarks: what the firms do, then their names set as marks, each in a style of its
 * own (by its place in the strip), in the site's one typeface. Fictional firms, like the
 * company. */
export function PartnerGroups({ groups }: { groups: PartnerGroupView[] }) {
  if (groups.length === 0) return null;
  let mark = 0;
  return (
    <dl class="wordmarks">
      {groups.map((group) => (
        <div key={group.label} class="wordmarks__group">
          <dt>{group.label}</dt>
          {group.names.map((name) => (
            <dd key={name} class={`wordmark wordmark--${mark++ % 7}`}>
              {name}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}
