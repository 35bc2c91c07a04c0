import { useLingui } from "@lingui/react/macro";
import { setEntity } from "../../lib/store";
import type { Entity } from "../../lib/types";

/** Chooses whose list the table shows; the same choice as the header's entity switch. */
export function EntityChoice({ entity }: { entity: Entity }) {
  const { t } = useLingui();
  const options: { id: Entity; label: string }[] = [
    { id: "sg", label: t`Singapore entity` },
    { id: "hk", label: t`Hong Kong entity` },
  ];
  return (
    <div class="asset-entity" role="group" aria-label={t`Whose list to show`}>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          class="asset-entity__option"
          aria-pressed={entity === option.id}
          data-entity={option.id}
          onClick={() => setEntity(option.id)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
