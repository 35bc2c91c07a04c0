// @vitest-environment node
// The brand's device: the lattice stays inside its box at 45°, the CSS images are data URLs the
// CSP's img-src allows, in the palette's colours, and the share card's fading is drawn in solid
// colours between the navy and white.

import { describe, expect, it } from "vitest";
import { cardLattice, deviceCss, keyShards, latticeLines, mix } from "./shard-lattice.mjs";

const palette = { brand: "#0b2545", highlight: "#c9a227" };

describe("the shard lattice", () => {
  it("draws 45° lines inside its box", () => {
    const lines = latticeLines(480, 288, 48);
    expect(lines.length).toBeGreaterThan(20);
    for (const [x1, y1, x2, y2] of lines) {
      for (const [x, y] of [
        [x1, y1],
        [x2, y2],
      ]) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(480);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(288);
      }
      expect(Math.abs(x2 - x1)).toBeCloseTo(Math.abs(y2 - y1), 1);
    }
  });

  it("holds the key in three shares, the first filled in two halves", () => {
    const key = keyShards(0, 0, 48, 5);
    expect(key.filled.match(/Z/g)).toHaveLength(2);
    expect(key.outlined.match(/Z/g)).toHaveLength(2);
    expect(key.missing).toBe("");
  });

  it("gives CSS five images as data URLs in the palette's colours", () => {
    const css = deviceCss(palette);
    const images = [...css.matchAll(/--([a-z-]+): url\("data:image\/svg\+xml,([^"]+)"\);/g)];
    expect(images.map((image) => image[1])).toEqual([
      "lattice",
      "lattice-missing",
      "lattice-plain",
      "lattice-inverse",
      "shard-rule",
    ]);
    const svgs = Object.fromEntries(images.map(([, name, data]) => [name, decodeURIComponent(data)]));
    for (const svg of Object.values(svgs))
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svgs.lattice).toContain(palette.brand);
    expect(svgs.lattice).toContain(palette.highlight);
    expect(svgs["lattice-plain"]).not.toContain(palette.highlight);
    expect(svgs.lattice).not.toContain("stroke-dasharray");
    expect(svgs["lattice-missing"]).toContain("stroke-dasharray");
    expect(svgs["lattice-inverse"]).toContain("#ffffff");
    expect(svgs["shard-rule"]).toContain(palette.highlight);
    // A data URL's SVG with a raw "#" would end at it.
    for (const [, , data] of images) expect(data).not.toMatch(/[#<>"]/);
  });

  it("fades the card's lines from the navy towards white in solid colours", () => {
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
    const shapes = cardLattice(palette, { width: 1200, height: 630, radius: 760 });
    const lines = shapes.filter((shape) => shape.fill !== palette.highlight);
    expect(lines.length).toBeGreaterThan(4);
    expect(new Set(lines.map((shape) => shape.fill)).size).toBe(lines.length);
    for (const { fill } of lines) expect(fill).toMatch(/^#[0-9a-f]{6}$/);
  });
});
