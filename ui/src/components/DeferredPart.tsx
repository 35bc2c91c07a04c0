import type { ComponentType } from "preact";
import { I18nProvider, useLingui } from "@lingui/react";
import { render } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { useLoaded } from "../lib/useLoaded";

/** A part of a page whose code is its own chunk, loaded after the page's: `load` fetches it once
 * (again after a failure); `loaded` is its component once it has arrived. */
export interface DeferredPart<P> {
  load: () => Promise<ComponentType<P>>;
  loaded: ComponentType<P> | null;
}

/** The deferred part whose chunk `importer` loads (its default export). A page exports the part's
 * `load` as `prepare` (src/lib/pages.ts), so prerendering and client navigation draw it at once. */
export function deferredPart<P>(importer: () => Promise<{ default: ComponentType<P> }>): DeferredPart<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const part: DeferredPart<P> = {
    loaded: null,
    load: () =>
      (pending ??= importer().then(
        (module) => (part.loaded = module.default),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
  };
  return part;
}

/** The events that say a visitor is about to use what is under them. */
const INTENT_EVENTS = ["pointerover", "focusin", "touchstart"] as const;

/** Left as served: hydration does not touch the children of an element with inner HTML. */
const AS_SERVED = { __html: "" };

/** A click on a button or link, or a choice in a select, made before the part's code was there. */
interface HeldInput {
  control: HTMLElement;
  /** The value chosen, for a select. */
  value?: string;
}

/** Makes `input` again, now that the part's handlers are attached. */
function replay({ control, value }: HeldInput) {
  if (control instanceof HTMLSelectElement && value !== undefined) {
    control.value = value;
    control.dispatchEvent(new Event("change", { bubbles: true }));
  } else {
    control.click();
  }
}

/** Shows `part` with `props` in a `<div class={className}>`, within one inner `<div>`: rendering
 * over served markup reuses its elements and drops what it no longer shows only inside an element,
 * so the part's root is always that one.
 *
 * Drawn in the page's tree when its code is already there (prerendering, client navigation). On a
 * first visit hydration leaves the prerendered markup as it is, with no code: the code loads when
 * the visitor shows intent within `intentScope` (the closest element it matches: a pointer over
 * it, focus, a touch) or as soon as `prerendered` turns false, and then renders over the markup
 * as its own root, keeping the served elements. A click on a button or link, or a choice in a select, that
 * comes before the code is held and made again once it is there. `busy` marks the part's frame
 * `aria-busy` at once, code or not, while what it will show is on its way. */
export function Deferred<P extends object>({
  part,
  props,
  prerendered,
  className,
  intentScope,
  busy = false,
}: {
  part: DeferredPart<P>;
  props: P;
  /** Whether `props` still show what the document was prerendered with. */
  prerendered: boolean;
  className: string;
  /** A selector of the element around the part where intent counts. */
  intentScope: string;
  /** Whether what the part will show is on its way (from the network). */
  busy?: boolean;
}) {
  const { i18n } = useLingui();
  const [inTree] = useState(() => part.loaded !== null);
  const [intent, setIntent] = useState(false);
  const Loaded = useLoaded(part.load, !inTree && (intent || !prerendered));
  const host = useRef<HTMLDivElement>(null);
  const held = useRef<HeldInput | null>(null);
  /** Whether the part's own handlers are attached: input is no longer held from then on. */
  const live = useRef(false);

  useEffect(() => {
    const element = host.current;
    if (inTree || Loaded || !element) return;
    const scope = element.closest(intentScope) ?? element;
    const start = () => setIntent(true);
    const holdClick = (event: Event) => {
      if (live.current) return;
      const control = (event.target as Element).closest<HTMLElement>("button, a[href]");
      if (!control) return;
      event.preventDefault();
      event.stopPropagation();
      held.current = { control };
      start();
    };
    const holdChange = (event: Event) => {
      if (live.current || !(event.target instanceof HTMLSelectElement)) return;
      held.current = { control: event.target, value: event.target.value };
      start();
    };
    for (const type of INTENT_EVENTS) scope.addEventListener(type, start, { once: true, passive: true });
    element.addEventListener("click", holdClick, true);
    element.addEventListener("change", holdChange, true);
    return () => {
      for (const type of INTENT_EVENTS) scope.removeEventListener(type, start);
      element.removeEventListener("click", holdClick, true);
      element.removeEventListener("change", holdChange, true);
    };
  }, [inTree, Loaded]);

  useLayoutEffect(() => {
    const element = host.current;
    if (inTree || !Loaded || !element) return;
    render(
      <I18nProvider i18n={i18n}>
        <div>
          <Loaded {...props} />
        </div>
      </I18nProvider>,
      element,
    );
    live.current = true;
    const input = held.current;
    held.current = null;
    if (input?.control.isConnected) replay(input);
  });
  useEffect(() => {
    const element = host.current;
    return () => {
      if (element && !inTree) render(null, element);
    };
  }, []);

  if (inTree && part.loaded) {
    const Component = part.loaded;
    return (
      <div class={className} aria-busy={busy}>
        <div>
          <Component {...props} />
        </div>
      </div>
    );
  }
  return <div class={className} aria-busy={busy} ref={host} dangerouslySetInnerHTML={AS_SERVED} />;
}
