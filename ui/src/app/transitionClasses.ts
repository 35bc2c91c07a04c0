/** Name of the page transition; its CSS classes are `ChangePage-{leave,enter}-{active,from,to}`. */
export const TRANSITION = "ChangePage";

/** The classes that fade a page out. */
export const LEAVE = [`${TRANSITION}-leave-active`, `${TRANSITION}-leave-to`];
/** The class present while a page fades in. */
export const ENTER_ACTIVE = `${TRANSITION}-enter-active`;
/** The class a page fades in from. */
export const ENTER_FROM = `${TRANSITION}-enter-from`;

/** Removes every transition class from `element`, showing its content as it is. */
export function clearTransition(element: HTMLElement): void {
  element.classList.remove(...LEAVE, ENTER_ACTIVE, ENTER_FROM);
}
