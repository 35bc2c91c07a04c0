import { useEffect, useState } from "preact/hooks";

/** What `load` resolves to (a module, or a component: it is kept, never called as a state
 * updater), loaded the first time `wanted` is true; `null` until then. For parts of the shell a
 * first visit does not show (src/app/deferred/) and deferred parts of pages
 * (src/components/DeferredPart.tsx). `load` should cache its promise, as `import()` does. */
export function useLoaded<T extends object>(load: () => Promise<T>, wanted: boolean): T | null {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    load().then(
      (value) => setLoaded(() => value),
      (error: unknown) => console.error("a part of the page did not load", error),
    );
  }, [wanted, loaded, load]);
  return loaded;
}
