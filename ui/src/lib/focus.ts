/** Elements that can take keyboard focus. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The index `step` places after `index` in a list of `length` items, wrapping around both ends;
 * from no item (`index` −1) a step forward lands on the first item and a step back on the last. */
export function cycleIndex(index: number, length: number, step: 1 | -1): number {
  if (length === 0) return -1;
  if (index < 0) return step === 1 ? 0 : length - 1;
  return (((index + step) % length) + length) % length;
}

/** The item a key moves to in a menu of `length` items with the item at `index` focused:
 * ArrowDown/ArrowUp step and wrap, Home/End jump to the ends; `null` for any other key. */
export function menuKeyIndex(key: string, index: number, length: number): number | null {
  if (length === 0) return null;
  switch (key) {
    case "ArrowDown":
      return cycleIndex(index, length, 1);
    case "ArrowUp":
      return cycleIndex(index, length, -1);
    case "Home":
      return 0;
    case "End":
      return length - 1;
    default:
      return null;
  }
}

/** The focusable elements inside `root`, in document order, leaving out hidden ones. */
export function focusableIn(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest("[hidden]"));
}

/** Keeps Tab and Shift+Tab inside `root`: focus cycles through its focusable elements. */
export function trapTab(event: KeyboardEvent, root: Element): void {
  if (event.key !== "Tab") return;
  const items = focusableIn(root);
  event.preventDefault();
  const index = items.indexOf(document.activeElement as HTMLElement);
  items[cycleIndex(index, items.length, event.shiftKey ? -1 : 1)]?.focus();
}

/** Makes everything in the body outside `keep` inert (unreachable by focus, pointer and assistive
 * technology) and returns the function that restores it. */
export function inertOutside(keep: Element): () => void {
  const changed = [...document.body.children].filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && !element.contains(keep) && !element.inert,
  );
  for (const element of changed) element.inert = true;
  return () => {
    for (const element of changed) element.inert = false;
  };
}
