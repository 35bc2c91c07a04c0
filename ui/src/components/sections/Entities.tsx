import type { SectionOf } from "../../lib/sections";
import { FeatureIcon } from "../FeatureIcon";
import { SectionFrame } from "./SectionFrame";

/** The provider's entities side by side, each linking to its supported assets. */
export function Entities({ section }: { section: SectionOf<"entities"> }) {
  return (
    <SectionFrame section={section}>
      <ul class="entity-cards">
        {section.item.map((entity) => (
          <li
            key={entity.entity}
            id={`entity-${entity.entity}`}
            class="entity-card"
            data-entity={entity.entity}
          >
            <FeatureIcon name="landmark" />
            <h3>{entity.name}</h3>
            <p class="entity-card__status">{entity.status}</p>
            <ul class="checklist">
              {entity.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <a class="feature__link" href={entity.href}>
              {entity.link}
            </a>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
