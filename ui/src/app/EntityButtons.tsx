import { setEntity, useMain } from "../lib/store";
import type { Entity } from "../lib/types";

/** One button per entity in a labelled group, the chosen one pressed; a press chooses that entity
 * for the whole session (the header's switch and the supported-assets page share it). */
export function EntityButtons({
  options,
  label,
  class: className,
  selected,
}: {
  options: { id: Entity; label: string }[];
  label: string;
  class: string;
  /** The entity shown as chosen; the session's by default. */
  selected?: Entity;
}) {
  const stored = useMain((state) => state.entity);
  const chosen = selected ?? stored;
  return (
    <div class={className} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          class={`${className}__option`}
          aria-pressed={chosen === option.id}
          data-entity={option.id}
          onClick={() => setEntity(option.id)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
