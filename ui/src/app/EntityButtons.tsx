import { useId } from "preact/hooks";
import { setEntity, useMain } from "../lib/store";
import type { Entity } from "../lib/types";

/** One button per entity in a labelled group, the chosen one pressed; a press chooses that entity
 * for the whole session (the header's switch and the supported-assets page share it). With
 * `showLabel`, the group's name is shown before the buttons and names the group. With `form`, the
 * id of a GET form, each button submits `entity` to it when scripts do not run. */
export function EntityButtons({
  options,
  label,
  class: className,
  selected,
  showLabel = false,
  form,
}: {
  options: { id: Entity; label: string }[];
  label: string;
  class: string;
  /** The entity shown as chosen; the session's by default. */
  selected?: Entity;
  showLabel?: boolean;
  form?: string;
}) {
  const stored = useMain((state) => state.entity);
  const labelId = useId();
  const chosen = selected ?? stored;
  const buttons = options.map((option) => (
    <button
      key={option.id}
      type={form ? "submit" : "button"}
      form={form}
      name={form && "entity"}
      value={form && option.id}
      class={`${className}__option`}
      aria-pressed={chosen === option.id}
      data-entity={option.id}
      onClick={(event) => {
        event.preventDefault();
        setEntity(option.id);
      }}
    >
      {option.label}
    </button>
  ));
  if (!showLabel) {
    return (
      <div class={className} role="group" aria-label={label}>
        {buttons}
      </div>
    );
  }
  return (
    <div class={`${className} ${className}--labelled`} role="group" aria-labelledby={labelId}>
      <span class={`${className}__label`} id={labelId}>
        {label}
      </span>
      <span class={`${className}__options`}>{buttons}</span>
    </div>
  );
}
