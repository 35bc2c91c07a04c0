// The logo, drawn at build time: the mark (the five shards of scripts/shard-lattice.mjs, the wing
// tips outlined and the three between them filled) beside the provider's name set in the brand
// face, Source Sans 3, its letters outlined from the font file (scripts/brand-face.mjs). The brand
// kit's downloads, the header and footer and the share cards all use these three files, and the
// favicon (content/brand/favicon.svg) is the same mark on a navy square, so the logo cannot drift
// from the device, the face, the name (content: the site's name) or the palette (content/site.toml's
// `brand` and `highlight`).

import { brandFace } from "./brand-face.mjs";
import { markSvg } from "./shard-lattice.mjs";

/** The logo variants, as the brand kit names them, and their colours: the filled shards, the
 * outlined wing tips and the name. `brand` and `highlight` are replaced by the palette's navy and
 * gold. */
const VARIANTS = {
  "full-colour": { fill: "highlight", outline: "brand", name: "brand" },
  monochrome: { fill: "#000000", outline: "#000000", name: "#000000" },
  white: { fill: "highlight", outline: "#ffffff", name: "#ffffff" },
};

/** The weight of the name: between the face's SemiBold (600) and Bold (700), heavy enough to stand
 * beside the mark's filled shards at 32 px, open enough to stay clear at that size. */
export const WEIGHT = 640;
/** The logo's height; the mark stands in its middle. */
const HEIGHT = 80;
/** The mark's width (its height is two thirds of it). */
const MARK_WIDTH = 78;
/** The name's capital height: its middle on the mark's middle. */
const CAP_HEIGHT = 26;
/** Between the mark's right wing tip and the K's stem. */
const GAP = 20;
/** Letter spacing, in font units: the face is spaced for text; the name, shown small in the
 * header, is opened a little. */
const TRACKING = 8;
/** Pairs the face's spacing leaves uneven in this name, in font units: the K's open leg leaves a
 * hole before the e. */
const KERNING = { Ke: -22 };

/** The favicon's square, its corner radius, and the mark's width in it. */
const ICON = { size: 32, radius: 7, mark: 26 };

/**
 * The favicon's mark: the shards on a rounded square in `ground`, the filled ones in `fill`, the
 * wing tips outlined in `outline`, in a 32×32 box.
 */
export function markShapes(ground, outline, fill) {
  const height = (ICON.mark * 2) / 3;
  return (
    `<rect width="${ICON.size}" height="${ICON.size}" rx="${ICON.radius}" fill="${ground}"/>` +
    markSvg({ x: (ICON.size - ICON.mark) / 2, y: (ICON.size - height) / 2, width: ICON.mark, fill, outline })
  );
}

/**
 * The name as one SVG path: each letter's outline at `CAP_HEIGHT`, its K's stem at `x`.
 * @returns {{ data: string, width: number }} the path data and where the last letter ends
 */
export function nameOutline(name, face, x, baseline) {
  const scale = CAP_HEIGHT / face.capHeight;
  const chars = [...name];
  let pen = x - face.glyph(chars[0]).left * scale;
  let data = "";
  let end = pen;
  chars.forEach((char, index) => {
    const glyph = face.glyph(char);
    data += glyph.outline(pen, baseline, scale);
    end = pen + glyph.advance * scale;
    const kern = KERNING[char + (chars[index + 1] ?? "")] ?? 0;
    pen = end + (TRACKING + kern) * scale;
  });
  return { data, width: end };
}

/**
 * The three logo files.
 * @param {string} name the provider's name, as the site writes it
 * @param {Record<string, string>} palette the colours of content/site.toml by key
 * @returns {Record<"full-colour" | "monochrome" | "white", string>} each variant's SVG
 */
export function buildLogos(name, palette, face = brandFace(WEIGHT)) {
  const top = (HEIGHT - (MARK_WIDTH * 2) / 3) / 2;
  const baseline = HEIGHT / 2 + CAP_HEIGHT / 2;
  const text = nameOutline(name, face, MARK_WIDTH + GAP, baseline);
  const width = Math.ceil(text.width + 2);
  const colour = (value) => palette[value] ?? value;
  const escaped = name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  return Object.fromEntries(
    Object.entries(VARIANTS).map(([variant, { fill, outline, name: ink }]) => [
      variant,
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${HEIGHT}" width="${width}" height="${HEIGHT}" ` +
        `role="img" aria-label="${escaped}">` +
        markSvg({ y: top, width: MARK_WIDTH, fill: colour(fill), outline: colour(outline) }) +
        `<path fill="${colour(ink)}" d="${text.data}"/></svg>`,
    ]),
  );
}
