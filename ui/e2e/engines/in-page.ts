/** Checks the sessions run in the page (sent as source: each is self-contained). */

/** Whether the first element matching `selector` is shown: laid out, visible and not empty. */
export function isShown(selector: string): boolean {
  const element = document.querySelector(selector);
  const box = element?.getBoundingClientRect();
  return (
    element?.checkVisibility({ visibilityProperty: true }) === true &&
    box !== undefined &&
    box.width > 0 &&
    box.height > 0
  );
}
