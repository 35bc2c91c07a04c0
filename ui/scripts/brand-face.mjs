// The brand face, Source Sans 3, as outlines: each glyph's advance and its outline as SVG path data
// at one instance of the variable weight axis, read with fontkitten from the very file the site
// serves (scripts/site-font.mjs), so the logo's letters are the site's letters.
//
// fontkitten 1.0.3 reads the weight axis of a TrueType font but not of a WOFF2 one: getVariation()
// re-reads the compressed file as uncompressed TrueType, and the glyphs of a WOFF2 file are
// decoded once, without variations. So the glyphs are taken from the file as it is (the default
// instance) and moved to the chosen weight here, with the variation processor of an instance made
// the way getVariation() makes one but of the WOFF2 class. The test (wordmark.test.mjs) checks that
// heavier weights draw wider stems, which fails loudly should a fontkitten upgrade change this.

import fs from "node:fs";
import path from "node:path";
import { create } from "fontkitten";

const FILE = path.join(
  "node_modules",
  "@fontsource-variable",
  "source-sans-3",
  "files",
  "source-sans-3-latin-wght-normal.woff2",
);

/** `value` to a hundredth of a pixel, which keeps the path data short. */
const round = (value) => Math.round(value * 100) / 100;

/**
 * Source Sans 3 at `weight` (200–900).
 * @returns {{ unitsPerEm: number, capHeight: number, glyph: (char: string) => { advance: number, left: number, outline: (x: number, y: number, scale: number) => string } }}
 *   the face's metrics in font units, and each character's advance and left edge in font units, its outline
 *   as SVG path data, its origin at (`x`, `y`) on the baseline, `scale` pixels a font unit
 */
export function brandFace(weight, file = FILE) {
  const bytes = fs.readFileSync(file);
  const base = create(bytes);
  const axis = base.variationAxes.wght;
  if (!axis || weight < axis.min || weight > axis.max)
    throw new Error(`${file}: no weight ${weight} (axis ${JSON.stringify(axis)})`);
  // Decoding one glyph decodes the whole (transformed) glyph table, at the default instance.
  base.glyphForCodePoint(65);
  const decoded = base._transformedGlyphs;
  const Woff2Font = base.constructor;
  const Stream = base.stream.constructor;
  const instance = new Woff2Font(new Stream(new Uint8Array(bytes)), [weight]);
  instance._transformedGlyphs = decoded;
  const variations = instance._variationProcessor;
  return {
    unitsPerEm: base.unitsPerEm,
    capHeight: base.capHeight,
    glyph(char) {
      const codePoint = char.codePointAt(0) ?? 0;
      if (!base.hasGlyphForCodePoint(codePoint))
        throw new Error(`${file} has no glyph for "${char}" (U+${codePoint.toString(16).toUpperCase()})`);
      const id = base.glyphForCodePoint(codePoint).id;
      const points = (decoded[id].points ?? []).map((point) => point.copy());
      if (points.length) {
        // The variation data also moves the four "phantom" points of the glyph's metrics, after
        // its own; the advance comes from the HVAR table instead, so they are dropped after.
        const phantoms = [0, 1, 2, 3].map(() => points[0].copy());
        variations.transformPoints(id, [...points, ...phantoms]);
      }
      return {
        advance: instance.glyphForCodePoint(codePoint).advanceWidth,
        left: points.length ? Math.min(...points.map((point) => point.x)) : 0,
        outline: (x, y, scale) => outline(contours(points), x, y, scale),
      };
    },
  };
}

/** The points of a TrueType glyph in its closed contours. */
function contours(points) {
  const all = [];
  let contour = [];
  for (const point of points) {
    contour.push(point);
    if (point.endContour) {
      all.push(contour);
      contour = [];
    }
  }
  return all;
}

/** SVG path data of TrueType contours (quadratic, with implied on-curve points between two
 * off-curve ones), y up in the font and down in SVG. */
function outline(glyphContours, x, y, scale) {
  const point = (p) => `${round(x + p.x * scale)} ${round(y - p.y * scale)}`;
  const middle = (a, b) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  let data = "";
  for (const contour of glyphContours) {
    const last = contour[contour.length - 1];
    const first = contour[0].onCurve ? contour[0] : last.onCurve ? last : middle(last, contour[0]);
    let control = contour[0].onCurve ? null : contour[0];
    data += `M${point(first)}`;
    for (const next of contour.slice(1)) {
      if (next.onCurve) {
        data += control ? `Q${point(control)} ${point(next)}` : `L${point(next)}`;
        control = null;
      } else if (control) {
        data += `Q${point(control)} ${point(middle(control, next))}`;
        control = next;
      } else control = next;
    }
    if (control) data += `Q${point(control)} ${point(first)}`;
    data += "Z";
  }
  return data;
}
