declare module "virtual:server-error-pages" {
  /** The 500 page's data per language, written by scripts/build.mjs from content/ (shape: PageData). */
  const pages: Record<string, unknown>;
  export default pages;
}
