import { useEffect, useState } from "preact/hooks";

/** False while prerendering and during hydration, true from the next render on. Values that only
 * the browser knows must wait for it: hydration keeps the prerendered attributes as they are. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
