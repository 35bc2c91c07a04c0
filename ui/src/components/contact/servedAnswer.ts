import type { FormAnswer } from "../../lib/generated/FormAnswer";
import type { ContactValues, FieldName } from "./types";
import { FIELD_ORDER } from "./types";

export type { FormAnswer };

/** The element in which the server's answer to a form posted without scripts carries what it
 * shows (templates/document.html): the form hydrates in that state, so its first render draws
 * what the document shows. */
const ANSWER_ELEMENT = "form-answer";

/** The state of the served answer this document is, if it is one (read while hydrating). */
export function servedAnswer(): FormAnswer | null {
  if (typeof document === "undefined") return null;
  const text = document.getElementById(ANSWER_ELEMENT)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FormAnswer;
  } catch {
    return null;
  }
}

/** Removes the served answer's state once the form has taken it, so a form drawn later on this
 * document (after navigating away and back) starts empty. */
export function forgetServedAnswer(): void {
  document.getElementById(ANSWER_ELEMENT)?.remove();
}

/** The answers the controls of `form` hold: typed or chosen before the page hydrated, or restored
 * by the browser. A list still drawn as a native select without its options (a form drawn in the
 * browser, not hydrated) says nothing. */
export function valuesIn(form: HTMLFormElement): Partial<ContactValues> {
  const values: Partial<Record<FieldName, string | boolean>> = {};
  for (const name of FIELD_ORDER) {
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLInputElement)
      values[name] = control.type === "checkbox" ? control.checked : control.value;
    else if (control instanceof HTMLSelectElement && control.options.length > 0) values[name] = control.value;
  }
  return values as Partial<ContactValues>;
}
