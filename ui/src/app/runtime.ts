import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { RuntimeSettings } from "../lib/types";

/** The server's deployment settings; `null` while prerendering (they are not known at build time). */
export const RuntimeContext = createContext<RuntimeSettings | null>(null);

/** The deployment settings, once the page runs in a browser. */
export function useRuntime(): RuntimeSettings | null {
  return useContext(RuntimeContext);
}
