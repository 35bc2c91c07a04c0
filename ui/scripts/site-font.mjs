// The site's Latin typeface, Source Sans 3 (variable weight, SIL Open Font License 1.1, from the
// npm package @fontsource-variable/source-sans-3; its licence is in that package's LICENSE): the
// latin subset's woff2 copied beside the hashed assets, its @font-face, and a fallback face on the
// system's Arial (or a metric-compatible Helvetica or Liberation Sans) scaled to the same width and
// vertical metrics, so that text laid out before the font arrives keeps its place when it swaps in.
// The file gains one character, the non-breaking hyphen, drawn by the hyphen's glyph
// (scripts/font-alias.mjs).

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { create } from "fontkitten";
import { withAlias } from "./font-alias.mjs";

const PACKAGE = path.join("node_modules", "@fontsource-variable", "source-sans-3");
const SUBSET = "source-sans-3-latin-wght-normal.woff2";

/** The package's file of that subset, before the build adds to it. */
export const SUBSET_FILE = path.join(PACKAGE, "files", SUBSET);

/** The hyphen-minus, whose glyph draws the non-breaking hyphen the subset lacks. */
const HYPHEN = 0x2d;
const NON_BREAKING_HYPHEN = 0x2011;

/** Source Sans 3's metrics in font units; the vertical ones are checked against the file, and the
 * average width is that of English text (letters weighted by how often they occur). */
const SOURCE_SANS = { unitsPerEm: 1000, ascent: 1024, descent: -400, lineGap: 0, xWidthAvg: 418 };

/** Arial's metrics in font units, measured the same way (Helvetica and Liberation Sans share its
 * widths). */
const ARIAL = { unitsPerEm: 2048, xWidthAvg: 913 };

/** A CSS percentage with two decimals. */
const percent = (ratio) => `${(ratio * 100).toFixed(2)}%`;

/**
 * The font file (by its path below the assets base) and the CSS of both faces, with `base` the URL
 * prefix the file is served under.
 * @returns {{ css: string, file: string, bytes: Uint8Array }}
 */
export function siteFont(base) {
  const bytes = withAlias(fs.readFileSync(SUBSET_FILE), HYPHEN, NON_BREAKING_HYPHEN);
  const font = create(bytes);
  for (const key of ["unitsPerEm", "ascent", "descent", "lineGap"]) {
    if (font[key] !== SOURCE_SANS[key]) {
      throw new Error(
        `${SUBSET}: ${key} is ${font[key]}, not ${SOURCE_SANS[key]}: update scripts/site-font.mjs`,
      );
    }
  }
  const file = `assets/source-sans-3.${createHash("sha256").update(bytes).digest("hex").slice(0, 10)}.woff2`;
  const sizeAdjust = SOURCE_SANS.xWidthAvg / SOURCE_SANS.unitsPerEm / (ARIAL.xWidthAvg / ARIAL.unitsPerEm);
  const scaled = (units) => percent(Math.abs(units) / (SOURCE_SANS.unitsPerEm * sizeAdjust));
  const css = `@font-face {
  font-family: "Site Sans";
  font-style: normal;
  font-weight: 200 900;
  font-display: swap;
  src: url("${base}${file}") format("woff2");
  unicode-range: ${latinRange()};
}

@font-face {
  font-family: "Site Sans Fallback";
  src: local("Arial"), local("ArialMT"), local("Helvetica"), local("Liberation Sans"), local("LiberationSans");
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${scaled(SOURCE_SANS.ascent)};
  descent-override: ${scaled(SOURCE_SANS.descent)};
  line-gap-override: ${scaled(SOURCE_SANS.lineGap)};
}
`;
  return { css, file, bytes };
}

/** The characters the latin subset covers, as the package's own stylesheet declares them. */
function latinRange() {
  const stylesheet = fs.readFileSync(path.join(PACKAGE, "wght.css"), "utf8");
  const face = stylesheet.split("@font-face").find((block) => block.includes(SUBSET));
  const range = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
  if (!range) throw new Error(`${PACKAGE}/wght.css declares no unicode-range for ${SUBSET}`);
  return range.trim();
}
