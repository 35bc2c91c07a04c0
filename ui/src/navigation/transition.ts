import "../styles/navigation.css";
import { clearTransition, ENTER_ACTIVE, ENTER_FROM, LEAVE, TRANSITION } from "../app/transitionClasses";

/** Length of each half of the transition, as in styles/navigation.css. */
const HALF_MS = 150;

/** Grace beyond the CSS duration before a missing `transitionend` is no longer awaited. */
const END_GRACE_MS = 50;

/** The latest transition started on each element, so an interrupted one leaves its classes alone. */
const latest = new WeakMap<HTMLElement, symbol>();

/** Whether the visitor accepts animation (`prefers-reduced-motion` is not `reduce`). */
export function motionAllowed(): boolean {
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Resolves when the opacity transition of `element` ends, or shortly after it should have. */
function transitionEnd(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      element.removeEventListener("transitionend", onEnd);
      resolve();
    };
    const onEnd = (event: TransitionEvent) => {
      if (event.target === element && event.propertyName === "opacity") done();
    };
    const timer = setTimeout(done, HALF_MS + END_GRACE_MS);
    element.addEventListener("transitionend", onEnd);
  });
}

/** Fades the content of `element` out; it stays hidden until `enter`. Instant without motion. */
export async function leave(element: HTMLElement): Promise<void> {
  if (!motionAllowed()) return;
  latest.set(element, Symbol(TRANSITION));
  element.classList.remove(ENTER_ACTIVE, ENTER_FROM);
  element.classList.add(...LEAVE);
  await transitionEnd(element);
}

/** Fades the (new) content of `element` in and clears every transition class. */
export async function enter(element: HTMLElement): Promise<void> {
  const classes = element.classList;
  if (!motionAllowed()) {
    clearTransition(element);
    return;
  }
  const run = Symbol(TRANSITION);
  latest.set(element, run);
  classes.remove(...LEAVE);
  classes.add(ENTER_ACTIVE, ENTER_FROM);
  element.getBoundingClientRect(); // lays out at opacity 0, the start of the fade-in
  classes.remove(ENTER_FROM);
  await transitionEnd(element);
  if (latest.get(element) === run) classes.remove(ENTER_ACTIVE);
}
