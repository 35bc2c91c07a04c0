import { useLingui } from "@lingui/react/macro";
import { EntityButtons } from "../../app/EntityButtons";
import type { Entity } from "../../lib/types";

/** The form the entity buttons send without scripts: the list of the entity chosen, with the rest
 * of the view the page shows. */
const ENTITY_FORM = "asset-entity-form";

/** Chooses whose list the table shows: the same choice as the header's entity switch. Without
 * scripts each button sends `?entity=` to `action` with `kept`, the view's other parameters (its
 * filters, size and page, as its links carry them), as hidden fields, and the server answers with
 * that list, filtered alike. */
export function EntityChoice({
  entity,
  action,
  kept,
}: {
  entity: Entity;
  action: string;
  kept: [name: string, value: string][];
}) {
  const { t } = useLingui();
  return (
    <>
      <form id={ENTITY_FORM} action={action} method="get" hidden>
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </form>
      <EntityButtons
        class="asset-entity"
        label={t`Whose list to show`}
        selected={entity}
        form={ENTITY_FORM}
        options={[
          { id: "sg", label: t`Singapore entity` },
          { id: "hk", label: t`Hong Kong entity` },
        ]}
      />
    </>
  );
}
