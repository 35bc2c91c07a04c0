declare module "virtual:server-error-pages" {
  /** The 500 page's data per language, written by scripts/build.mjs from content/. */
  const pages: Record<ServerErrorPageData["lang"], ServerErrorPageData>;
  export default pages;
}

declare module "virtual:design-tokens.css" {}

declare module "virtual:site-font.css" {}

declare module "virtual:brand-device.css" {}

declare module "virtual:icon-sprite" {
  /** URL of the hashed SVG sprite holding every content icon as a <symbol id="{name}">. */
  const url: string;
  export default url;
}

declare module "virtual:brand-files" {
  /** URLs of the brand kit files built from content/ (the logos by scripts/wordmark.mjs), each with a content hash. */
  const files: {
    /** Each logo's files and its size in CSS pixels (its SVG's viewBox). */
    logos: Record<
      "full-colour" | "monochrome" | "white",
      { svg: string; png: string; width: number; height: number }
    >;
    zip: string;
    zipBytes: number;
    /** The paths inside the zip. */
    listing: string[];
  };
  export default files;
}

declare module "virtual:wordmark" {
  /** The white logo (mark and outlined wordmark): its URL and its size as shown. */
  const wordmark: { src: string; width: number; height: number };
  export default wordmark;
}
