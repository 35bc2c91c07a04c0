// The logo, drawn at build time: the mark (the rounded square with the K of content/brand/favicon.svg)
// beside the provider's name set in the brand face, Source Sans 3, its letters outlined from the
// font file (scripts/brand-face.mjs). The brand kit's downloads, the header and footer and the
// share cards all use these three files, so the logo cannot drift from the face or the name
// (content: the site's name) or the palette (content/site.toml's `brand`).

import { brandFace } from "./brand-face.mjs";

/** The logo variants, as the brand kit names them, and their colours: the mark's square, its K
 * and the name. `brand` is replaced by the palette's navy. */
const VARIANTS = {
  "full-colour": { ground: "brand", figure: "#ffffff", name: "brand" },
  monochrome: { ground: "#000000", figure: "#ffffff", name: "#000000" },
  white: { ground: "#ffffff", figure: "brand", name: "#ffffff" },
};

/** The weight of the name: between the face's SemiBold (600) and Bold (700), heavy enough to stand
 * beside the mark's solid square at 32 px, open enough to stay clear at that size. */
export const WEIGHT = 640;
/** The logo's height; the mark fills it but for an even margin above and below. */
const HEIGHT = 80;
const MARK_SIZE = 64;
/** The name's capital height: two fifths of the mark, its middle on the mark's middle. */
const CAP_HEIGHT = 26;
/** Between the mark's edge and the K's stem. */
const GAP = 20;
/** Letter spacing, in font units: the face is spaced for text; the name, shown small in the
 * header, is opened a little. */
const TRACKING = 8;
/** Pairs the face's spacing leaves uneven in this name, in font units: the K's open leg leaves a
 * hole before the e. */
const KERNING = { Ke: -22 };

/**
 * The mark in a 32×32 box, its square in `ground` and its K in `figure`.
 */
export function markShapes(ground, figure) {
  return (
    `<rect width="32" height="32" rx="7" fill="${ground}"/>` +
    `<path d="M10 8v16M10 16l10-8M13.5 13.5 21 24" fill="none" stroke="${figure}" stroke-width="2.5" ` +
    'stroke-linecap="round" stroke-linejoin="round"/>'
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
  const top = (HEIGHT - MARK_SIZE) / 2;
  const baseline = HEIGHT / 2 + CAP_HEIGHT / 2;
  const text = nameOutline(name, face, MARK_SIZE + GAP, baseline);
  const width = Math.ceil(text.width + 2);
  const colour = (value) => (value === "brand" ? palette.brand : value);
  const escaped = name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  return Object.fromEntries(
    Object.entries(VARIANTS).map(([variant, { ground, figure, name: ink }]) => [
      variant,
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${HEIGHT}" width="${width}" height="${HEIGHT}" ` +
        `role="img" aria-label="${escaped}"><g transform="translate(0 ${top}) scale(${MARK_SIZE / 32})">` +
        `${markShapes(colour(ground), colour(figure))}</g><path fill="${colour(ink)}" d="${text.data}"/></svg>`,
    ]),
  );
}
