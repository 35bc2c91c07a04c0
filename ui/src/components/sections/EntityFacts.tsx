import { useLingui } from "@lingui/react/macro";
import type { EntityParticulars } from "../../lib/sections";

/** An entity's legal particulars as a definition list: legal name, registration number,
 * registered address, regulator and, where it has one, its licence number. */
export function EntityFacts({ entity }: { entity: EntityParticulars }) {
  const { t } = useLingui();
  const facts: [string, string | null][] = [
    [t`Legal name`, entity.legalName],
    [t`Registration number`, entity.registration],
    [t`Registered address`, entity.address],
    [t`Regulator`, entity.regulator],
    [t`Licence number`, entity.licence],
  ];
  return (
    <dl class="entity-facts">
      {facts
        .filter((fact): fact is [string, string] => fact[1] !== null)
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
