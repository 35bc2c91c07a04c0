// The modules the interface imports as `virtual:*`, made from the site's content (the data file
// crates/site/build.rs, or `serve --dev`, writes from content/), and the files they refer to.
// Shared by the build (scripts/build.mjs) and the live preview (scripts/dev.mjs).

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildBrandKit } from "./brand-kit.mjs";
import { deviceCss } from "./shard-lattice.mjs";
import { siteFont } from "./site-font.mjs";
import { buildLogos } from "./wordmark.mjs";

/** Where the binary serves the interface's files. */
export const BASE = "/_app/";

/** The 500 page's data per language (`error:{lang}:server-error`), bundled as a lazy module the
 * client shows when a page fails to render; the client fills in the request path. Only the
 * client build has it. */
export const SERVER_ERROR_MODULE = "virtual:server-error-pages";
/** The brand palette and type scale of content/site.toml as CSS custom properties. */
const DESIGN_TOKENS_MODULE = "virtual:design-tokens.css";
/** The content icons (lucide, ISC licence) as one SVG sprite of <symbol>s, written beside the
 * hashed assets; the module exports its URL. */
const ICON_SPRITE_MODULE = "virtual:icon-sprite";
/** The brand kit's logos and zip; the module exports their URLs. */
const BRAND_FILES_MODULE = "virtual:brand-files";
/** The site's Latin typeface and its metric-matched fallback (scripts/site-font.mjs). */
const SITE_FONT_MODULE = "virtual:site-font.css";
/** The white logo (scripts/wordmark.mjs: the mark and the name outlined from the brand face) for the
 * header and footer, written beside the hashed assets; the module exports its URL and its size at
 * the height it is shown. */
const WORDMARK_MODULE = "virtual:wordmark";
/** The brand's graphic device, the shard lattice (scripts/shard-lattice.mjs), as CSS images. */
const BRAND_DEVICE_MODULE = "virtual:brand-device.css";
/** The height, in CSS pixels, the header and footer show the logo at. */
const WORDMARK_HEIGHT = 32;

/**
 * The content modules of `site` (the parsed data file).
 * @returns {{ sources: Record<string, string>, files: Record<string, string | Uint8Array>, fonts: string[], logos: Record<string, string> }}
 *   each module's source by id, each file the modules name, by path below BASE, the URLs of the
 *   font files every page uses (for the document to preload), and the logo files by variant
 */
export function contentModules(site) {
  const serverErrorPages = Object.fromEntries(
    site.pages
      .filter(({ key }) => /^error:[a-z]+:server-error$/.test(key))
      .map(({ data }) => [data.lang, data]),
  );
  const iconSprite = buildIconSprite(site.icons);
  const iconSpriteFile = `assets/icons.${createHash("sha256").update(iconSprite).digest("hex").slice(0, 10)}.svg`;
  const brandPages = ["/brand-kit", "/zh/brand-kit"].map(
    (key) => site.pages.find((page) => page.key === key).data,
  );
  const logos = buildLogos(brandPages[0].chrome.name, site.palette);
  const brandKit = buildBrandKit(brandPages, logos);
  const brandFiles = JSON.parse(JSON.stringify(brandKit.module), (key, value) =>
    typeof value === "string" && value.startsWith("brand/") ? `${BASE}${value}` : value,
  );
  const font = siteFont(BASE);
  const wordmark = buildWordmark(logos.white);
  return {
    sources: {
      [SERVER_ERROR_MODULE]: `export default ${JSON.stringify(serverErrorPages)};`,
      [DESIGN_TOKENS_MODULE]: site.designTokens,
      [ICON_SPRITE_MODULE]: `export default ${JSON.stringify(`${BASE}${iconSpriteFile}`)};`,
      [BRAND_FILES_MODULE]: `export default ${JSON.stringify(brandFiles)};`,
      [SITE_FONT_MODULE]: font.css,
      [WORDMARK_MODULE]: `export default ${JSON.stringify(wordmark.module)};`,
      [BRAND_DEVICE_MODULE]: deviceCss(site.palette),
    },
    files: {
      [iconSpriteFile]: iconSprite,
      [font.file]: font.bytes,
      [wordmark.file]: wordmark.svg,
      ...brandKit.files,
    },
    fonts: [`${BASE}${font.file}`],
    logos,
  };
}

/**
 * A Vite plugin that resolves and loads the content modules `current()` returns (called on every
 * load, so the preview can swap them), leaving out the ids in `without`.
 */
export function contentModulesPlugin(current, without = []) {
  const served = (id) => id in current().sources && !without.includes(id);
  return {
    name: "content-modules",
    resolveId: (id) => (served(id) ? `\0${id}` : null),
    load: (id) => (id.startsWith("\0") && served(id.slice(1)) ? current().sources[id.slice(1)] : null),
  };
}

/** The white logo `svg` as a hashed asset, with its URL, width and height at `WORDMARK_HEIGHT`. */
function buildWordmark(svg) {
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!viewBox) throw new Error(`the white logo has no viewBox "0 0 width height"`);
  const file = `assets/wordmark.${createHash("sha256").update(svg).digest("hex").slice(0, 10)}.svg`;
  const width = Math.round((Number(viewBox[1]) / Number(viewBox[2])) * WORDMARK_HEIGHT);
  return { svg, file, module: { src: `${BASE}${file}`, width, height: WORDMARK_HEIGHT } };
}

function buildIconSprite(names) {
  const symbols = names.map((name) => {
    const file = path.join("node_modules", "lucide-static", "icons", `${name}.svg`);
    if (!fs.existsSync(file)) throw new Error(`icon "${name}" is not a lucide icon (no ${file})`);
    const svg = fs.readFileSync(file, "utf8");
    const inner = svg.slice(svg.indexOf(">", svg.indexOf("<svg")) + 1, svg.lastIndexOf("</svg>"));
    const shapes = inner.replace(/\s*\n\s*/g, "").trim();
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  const licence = fs.readFileSync(
    path.join("node_modules", "lucide-static", "icons", `${names[0]}.svg`),
    "utf8",
  );
  const notice = licence.match(/<!--[^>]*-->/)?.[0] ?? "";
  return (
    notice +
    '<svg xmlns="http://www.w3.org/2000/svg" fill="none" stroke="currentColor" stroke-width="2" ' +
    `stroke-linecap="round" stroke-linejoin="round">${symbols.join("")}</svg>`
  );
}
