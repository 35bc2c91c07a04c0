import type { ComponentChildren } from "preact";

/** The id of the message element of the control `id`. */
export const errorId = (id: string) => `${id}-error`;

/** The id of the label of the control `id`. */
export const labelId = (id: string) => `${id}-label`;

/** A labelled form control with its validation message. Every field is required (SPEC.md §5):
 * the label shows an asterisk to the eye and says the `required` word to screen readers. The
 * control itself points at the message with `aria-describedby` (see `errorId`). */
export function Field({
  id,
  label,
  marker,
  error,
  class: className,
  children,
}: {
  id: string;
  label: ComponentChildren;
  /** The `required` word of the page's language. */
  marker: string;
  error: string | null;
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <div class={`contact-field${error ? " contact-field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label id={labelId(id)} for={id} class="contact-field__label">
        {label}
        <span class="contact-field__mark" aria-hidden="true">
          {" *"}
        </span>
        <span class="visually-hidden"> {marker}</span>
      </label>
      {children}
      {error && (
        <p id={errorId(id)} class="contact-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
