import { useLingui } from "@lingui/react/macro";
import { EntityButtons } from "../../app/EntityButtons";
import type { Entity } from "../../lib/types";

/** The form the entity buttons send without scripts: the list of the entity chosen, unfiltered. */
const ENTITY_FORM = "asset-entity-form";

/** Chooses whose list the table shows: the same choice as the header's entity switch. Without
 * scripts each button sends `?entity=` to `action`, and the server answers with that list. */
export function EntityChoice({ entity, action }: { entity: Entity; action: string }) {
  const { t } = useLingui();
  return (
    <>
      <form id={ENTITY_FORM} action={action} method="get" hidden />
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
