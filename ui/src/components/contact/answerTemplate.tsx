import { type ComponentChildren, createContext } from "preact";
import { useContext } from "preact/hooks";

// The contact page's answers to a form posted without scripts (the form with a visitor's answers
// and messages, and the confirmation) are made by the server from templates the UI build
// prerenders with these markers (ui/scripts/build.mjs; filled by
// crates/site/src/render/form_template.rs, which reads the same markers): the markup is the
// form's own, drawn by the same components as in the browser, so the two cannot drift apart.

/** Opens and closes the place of a text the server fills in, escaped (`slot`). */
const SLOT = "\uE000";
const SLOT_END = "\uE001";
/** Opens a part kept only when the server's condition holds; `THEN` ends the condition's name
 * (a leading `!` negates it), `END` the part. Parts nest. */
const IF = "\uE002";
const THEN = "\uE003";
const END = "\uE004";

/** Which answer the form is prerendered as a template of: the form with a visitor's answers and
 * messages, or the confirmation of a stored application; `null` for the page as served. */
export type AnswerTemplate = "form" | "received" | null;

/** The answer template being prerendered (only the UI build's prerender provides one). */
export const AnswerTemplateContext = createContext<AnswerTemplate>(null);

/** The answer template being prerendered, if any: never one in the browser's build, from which
 * the template's code then drops out (`import.meta.env.SSR` is a constant of each build). */
export function useAnswerTemplate(): AnswerTemplate {
  return import.meta.env.SSR ? useContext(AnswerTemplateContext) : null;
}

/** The place of the server's text `name` (`value.company`, `message.phone`, `alert`...). */
export const slot = (name: string): string => `${SLOT}${name}${SLOT_END}`;

/** The place of the server's `true` or `false` (`invalid.company`, for `aria-invalid`). */
export const flagSlot = (name: string) => slot(name) as "true" | "false";

/** `text`, kept only when the server's condition `condition` holds. */
export const textWhen = (condition: string, text: string): string => `${IF}${condition}${THEN}${text}${END}`;

/** `children` when `shown`; in an answer template, `children` kept only when the server's
 * condition `condition` holds. */
export function Shown({
  shown,
  condition,
  children,
}: {
  shown: boolean;
  condition: string;
  children: ComponentChildren;
}) {
  if (import.meta.env.SSR && useAnswerTemplate())
    return (
      <>
        {`${IF}${condition}${THEN}`}
        {children}
        {END}
      </>
    );
  return shown ? <>{children}</> : null;
}

/** The control drawn by `draw` in the state `on`; in an answer template, drawn both ways, each
 * kept when the server's condition `condition` holds or does not (an option selected or not, the
 * consent box checked or not: the attribute cannot be a place of its own). */
export function Either({
  on,
  condition,
  draw,
}: {
  on: boolean;
  condition: string;
  draw: (on: boolean) => ComponentChildren;
}) {
  if (!(import.meta.env.SSR && useAnswerTemplate())) return <>{draw(on)}</>;
  return (
    <>
      {`${IF}${condition}${THEN}`}
      {draw(true)}
      {`${END}${IF}!${condition}${THEN}`}
      {draw(false)}
      {END}
    </>
  );
}
