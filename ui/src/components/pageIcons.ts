/** The longer icons of a page's own parts (the supported-assets table, empty results), drawn like
 * the shell's (./Icon.tsx) and passed to it as `path`: kept out of the runtime every page loads. */

/** Two sheets: copy. */
export const COPY =
  "M10 8h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2zM4 16a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2";

/** A magnifier: nothing found. */
export const SEARCH = "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4.5-4.5";
