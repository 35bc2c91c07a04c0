import { useLingui } from "@lingui/react/macro";
import { EntityButtons } from "../../app/EntityButtons";
import type { Entity } from "../../lib/types";

/** Chooses whose list the table shows: the same choice as the header's entity switch. */
export function EntityChoice({ entity }: { entity: Entity }) {
  const { t } = useLingui();
  return (
    <EntityButtons
      class="asset-entity"
      label={t`Whose list to show`}
      selected={entity}
      options={[
        { id: "sg", label: t`Singapore entity` },
        { id: "hk", label: t`Hong Kong entity` },
      ]}
    />
  );
}
