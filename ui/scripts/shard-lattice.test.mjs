// @vitest-environment node
// The brand's device: the lattice stays inside its box at 45°, the CSS images are data URLs the
// CSP's img-src allows, in the palette's colours, and the share card's fading is drawn in solid
// colours between the navy and white.

import { describe, expect, it } from "vitest";
import { MARK, cardLattice, deviceCss, latticeLines, markShards, markSvg, mix } from "./shard-lattice.mjs";

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

  it("draws the mark as five shards of the lattice, the three between the wing tips filled", () => {
    expect(MARK).toHaveLength(5);
    const mark = markShards(0, 0, 48, 5);
    expect(mark.filled.match(/Z/g)).toHaveLength(3);
    expect(mark.outlined.match(/Z/g)).toHaveLength(2);
    expect(mark.missing).toBe("");
    // Every shard is a diamond: its four corners at equal distance from its centre, on the axes.
    for (const shard of (mark.filled + mark.outlined).split("Z").filter(Boolean)) {
      const [top, right, bottom, left] = shard
        .slice(1)
        .split("L")
        .map((corner) => corner.split(" ").map(Number));
      expect(top[0]).toBeCloseTo(bottom[0], 1);
      expect(left[1]).toBeCloseTo(right[1], 1);
      expect(bottom[1] - top[1]).toBeCloseTo(right[0] - left[0], 1);
    }
  });

  it("draws the mark inside its box, two thirds as high as it is wide", () => {
    const svg = markSvg({ width: 60, fill: "#c9a227", outline: "#0b2545" });
    const numbers = [...svg.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((match) => match.slice(1).map(Number));
    for (const [x, y] of numbers) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(60);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(40);
    }
    expect(svg).toContain('fill="#c9a227"');
    expect(svg).toContain('stroke="#0b2545"');
  });

  it("gives CSS four images as data URLs in the palette's colours", () => {
    const css = deviceCss(palette);
    const images = [...css.matchAll(/--([a-z-]+): url\("data:image\/svg\+xml,([^"]+)"\);/g)];
    expect(images.map((image) => image[1])).toEqual([
      "lattice",
      "lattice-missing",
      "lattice-plain",
      "lattice-inverse",
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
