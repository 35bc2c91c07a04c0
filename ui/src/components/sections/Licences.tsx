import { Trans } from "@lingui/react/macro";
import type { SectionOf } from "../../lib/sections";
import { FeatureIcon } from "../FeatureIcon";
import { EntityFacts } from "./EntityFacts";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** Every legal entity of the group as a licence card: its licence or exemption, its legal
 * particulars and the exact scope of what it is permitted to do (folded under its label on a
 * phone, where the cards scroll sideways). */
export function Licences({ section }: { section: SectionOf<"licences"> }) {
  return (
    <SectionFrame section={section}>
      <ul class="entity-cards licences scroller" tabIndex={0} aria-label={section.heading}>
        {section.item.map((entity) => (
          <li key={entity.id} class="entity-card" data-licence={entity.id}>
            <FeatureIcon name="scale" />
            <h3>
              <Words text={entity.name} />
            </h3>
            <p class="entity-card__status">{entity.status}</p>
            <EntityFacts entity={entity} />
            <details class="fold entity-card__scope">
              <summary>
                <Trans>What it may do</Trans>
              </summary>
              <p>{entity.scope}</p>
            </details>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
