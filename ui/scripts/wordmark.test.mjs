// @vitest-environment node
// The logo drawn from the brand face: its letters are Source Sans 3's own outlines at the chosen
// weight (which needs the variable font's weight axis to work through fontkitten), its mark is the
// lattice's five shards, as on the favicon, and the three variants differ in colour only.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brandFace } from "./brand-face.mjs";
import { markSvg } from "./shard-lattice.mjs";
import { WEIGHT, buildLogos, markShapes } from "./wordmark.mjs";

const palette = { brand: "#0b2545", highlight: "#c9a227" };
const logos = buildLogos("Kestrel Custody", palette);

/** The width of the stem of "l", in font units, at `weight`. */
const stem = (weight) => {
  const outline = brandFace(weight).glyph("l").outline(0, 0, 1);
  const xs = [...outline.matchAll(/[MLQ ](-?[\d.]+) (-?[\d.]+)/g)].map((match) => Number(match[1]));
  return Math.max(...xs) - Math.min(...xs);
};

describe("the brand face", () => {
  it("draws heavier weights with wider stems and wider advances", () => {
    const [light, regular, chosen, black] = [200, 400, WEIGHT, 900].map(stem);
    expect(light).toBeLessThan(regular);
    expect(regular).toBeLessThan(chosen);
    expect(chosen).toBeLessThan(black);
    expect(brandFace(700).glyph("o").advance).toBeGreaterThan(brandFace(400).glyph("o").advance);
  });

  it("refuses a character it has no glyph for, and a weight off its axis", () => {
    expect(() => brandFace(WEIGHT).glyph("托")).toThrow(/no glyph for "托" \(U\+6258\)/);
    expect(() => brandFace(1000)).toThrow(/no weight 1000/);
  });
});

describe("the logos", () => {
  it("set the name in the brand face, outlined, with the site's name as their label", () => {
    for (const svg of Object.values(logos)) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ 80"/);
      expect(svg).toContain('aria-label="Kestrel Custody"');
      expect(svg).not.toContain("<text");
    }
    const data = /<path fill="[^"]+" d="([^"]+)"/.exec(logos["full-colour"])?.[1] ?? "";
    // One closed contour or more per letter: K e s t r e l C u s t o d y (o, e, d hold counters).
    expect(data.split("Z").length - 1).toBeGreaterThanOrEqual(14);
    // The K's stem stands where the mark's gap ends, its letters the face's own at 26 px caps.
    const face = brandFace(WEIGHT);
    const scale = 26 / face.capHeight;
    expect(data.startsWith(face.glyph("K").outline(98 - face.glyph("K").left * scale, 53, scale))).toBe(true);
    expect(data.startsWith("M98 53L98 ")).toBe(true);
  });

  it("differ in colour only: navy and gold, black, and white and gold", () => {
    const shapes = (svg) => svg.replace(/(fill|stroke)="#[0-9a-f]{6}"/g, "");
    expect(new Set(Object.values(logos).map(shapes)).size).toBe(1);
    expect(logos["full-colour"]).toContain(`stroke="${palette.brand}"`);
    expect(logos["full-colour"]).toContain(`fill="${palette.highlight}"`);
    expect(logos.monochrome).not.toContain(palette.brand);
    expect(logos.monochrome).not.toContain(palette.highlight);
    expect(logos.white).toContain('stroke="#ffffff"');
    expect(logos.white).toContain(`fill="${palette.highlight}"`);
    expect(logos.white).toContain('<path fill="#ffffff"');
  });

  it("carry the lattice's mark, as the favicon does on its navy square", () => {
    expect(logos["full-colour"]).toContain(
      markSvg({ y: 14, width: 78, fill: palette.highlight, outline: palette.brand }),
    );
    const favicon = fs.readFileSync(path.resolve("..", "content", "brand", "favicon.svg"), "utf8");
    expect(favicon).toContain(markShapes(palette.brand, "#fff", palette.highlight));
  });

  it("follow the name and the palette of the content", () => {
    const renamed = buildLogos("Kestrel", { brand: "#123456", highlight: "#c9a227" });
    const width = (svg) => Number(/viewBox="0 0 (\d+) 80"/.exec(svg)?.[1]);
    expect(width(renamed.white)).toBeLessThan(width(logos.white) * 0.6);
    expect(renamed["full-colour"]).toContain('fill="#123456"');
    expect(buildLogos("Kestrel Custody", palette)).toEqual(logos);
  });
});
