import type { SectionOf } from "../../lib/sections";
import { FeatureIcon } from "../FeatureIcon";
import { SectionFrame } from "./SectionFrame";

/** The certification and audit badges. */
export function Certifications({ section }: { section: SectionOf<"certifications"> }) {
  return (
    <SectionFrame section={section} tone="tinted">
      <ul class="tiles badges">
        {section.item.map((badge) => (
          <li key={badge.id} class="badge">
            <FeatureIcon name="badge-check" size={23} />
            <h3 class="badge__name">{badge.name}</h3>
            <p>{badge.body}</p>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
