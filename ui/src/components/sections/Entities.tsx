import type { SectionOf } from "../../lib/sections";
import { FeatureIcon } from "../FeatureIcon";
import { EntityFacts } from "./EntityFacts";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** The entities clients contract with, side by side: status, legal particulars, what each offers
 * and a link to its supported assets. */
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
            <h3>
              <Words text={entity.particulars.name} />
            </h3>
            <p class="entity-card__status">{entity.particulars.status}</p>
            <EntityFacts entity={entity.particulars} />
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
