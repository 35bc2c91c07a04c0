import type { ComponentChildren } from "preact";
import { Shown } from "./answerTemplate";

/** The id of the message element of the control `id`. */
export const errorId = (id: string) => `${id}-error`;

/** The id of the label of the control `id`. */
export const labelId = (id: string) => `${id}-label`;

/** The id of the hint of the control `id`. */
export const hintId = (id: string) => `${id}-hint`;

/** A labelled form control with the hint under its label and its validation message. Every field
 * is required: the label shows an asterisk to the eye and says the `required` word
 * to screen readers. The control itself points at the hint and the message with
 * `aria-describedby` (see `hintId` and `errorId`). In the form's answer template, the message is
 * the server's to show (`error.{name}`). */
export function Field({
  id,
  name,
  label,
  hint,
  marker,
  error,
  class: className,
  children,
}: {
  id: string;
  /** The field's name in the request body. */
  name: string;
  label: ComponentChildren;
  /** What to enter, shown under the label. */
  hint: string;
  /** The `required` word of the page's language. */
  marker: string;
  error: string | null;
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <div class={className ? `contact-field ${className}` : "contact-field"}>
      <label id={labelId(id)} for={id} class="contact-field__label">
        {label}
        <span class="contact-field__mark" aria-hidden="true">
          {" *"}
        </span>
        <span class="visually-hidden"> {marker}</span>
      </label>
      <p id={hintId(id)} class="contact-field__hint">
        {hint}
      </p>
      {children}
      <Shown shown={error !== null} condition={`error.${name}`}>
        <p id={errorId(id)} class="contact-field__error">
          {error}
        </p>
      </Shown>
    </div>
  );
}
