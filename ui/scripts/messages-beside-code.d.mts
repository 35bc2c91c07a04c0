import type { Plugin } from "vite";

/** The Vite plugin that keeps the messages of the shell (modules whose path matches `shell`) in the
 * catalogs and makes every other module register the messages it shows. */
export function messagesBesideCode(options: { shell: RegExp }): Plugin;
