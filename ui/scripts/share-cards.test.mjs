// @vitest-environment node
// The share cards' layout: Chinese titles are set with distinct glyphs of the CJK font, never as
// the blank boxes ("tofu") a font without them would show; a missing font or glyph stops the
// build; a card's URL changes exactly when what it is drawn from does. The drawing itself is
// tested with the server (crates/site/src/share_cards/).

import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import {
  CARD,
  buildShareCards,
  cardFrame,
  cardRuns,
  layoutTitle,
  loadFonts,
  logoRaster,
} from "./share-cards.mjs";
import { buildLogos } from "./wordmark.mjs";

const palette = {
  brand: "#0b2545",
  highlight: "#d4a72c",
  background: "#ffffff",
  accent: "#13315c",
  border: "#8da9c4",
};
const logo = buildLogos("Kestrel Custody", palette).white;
const fonts = loadFonts();
const footer = "面向机构客户的数字资产托管";

/** Lays out cards for `titles` (Chinese pages) with `drawingSources`. */
const layOut = (titles, drawingSources = [Buffer.from("drawing code")]) =>
  buildShareCards(
    titles.map((title, at) => ({
      key: `/zh/page-${at}`,
      lang: "zh",
      card: { title, eyebrow: "公告", footer },
    })),
    { logo, palette, drawingSources },
  );

describe("share cards", () => {
  it("carry each Chinese character as its own glyph outline", async () => {
    const { layout } = await layOut(["数字资产托管", "数字资产结算"]);
    const glyphs = layout.faces.bold.glyphs;
    for (const char of "数字资产托管结算") expect(glyphs[char]?.[1].length, char).toBeGreaterThan(50);
    const outlines = new Set([..."托管结算"].map((char) => glyphs[char][1]));
    expect(outlines.size).toBe(4);
    expect(Object.keys(layout.faces.regular.glyphs).sort()).toEqual([...new Set(footer)].sort());
  });

  it("set the title on its own runs, between the eyebrow and the footer", () => {
    const runs = cardRuns({ title: "数字资产托管", eyebrow: "公告", footer }, "zh", palette, fonts);
    expect(runs.map((run) => [run.face, run.text, run.fill])).toEqual([
      ["bold", "公告", palette.highlight],
      ["bold", "数字资产托管", palette.background],
      ["regular", footer, palette.border],
    ]);
    expect(runs[0].y).toBeLessThan(runs[1].y);
    expect(runs[1].y).toBeLessThan(runs[2].y);
    expect(runs[2].y).toBeLessThan(CARD.height);
  });

  it("change a card's URL exactly when what it is drawn from changes", async () => {
    const first = await layOut(["数字资产托管", "数字资产结算"]);
    const again = await layOut(["数字资产托管", "数字资产结算"]);
    expect(again.urls).toEqual(first.urls);
    expect(first.urls["/zh/page-0"]).toMatch(/^share\/zh-page-0\.[0-9a-f]{10}\.png$/);
    const retitled = await layOut(["数字资产托管", "数字资产清算"]);
    expect(retitled.urls["/zh/page-0"]).toBe(first.urls["/zh/page-0"]);
    expect(retitled.urls["/zh/page-1"]).not.toBe(first.urls["/zh/page-1"]);
    const redrawn = await layOut(["数字资产托管", "数字资产结算"], [Buffer.from("other drawing code")]);
    expect(redrawn.urls["/zh/page-0"]).not.toBe(first.urls["/zh/page-0"]);
    // Four layouts, each parsing the CJK fonts and rasterizing the logo: seconds when the
    // machine's cores are shared with a build.
  }, 20_000);

  it("rasterize the logo once, opaque, on the card's colour", async () => {
    const raster = await logoRaster(logo, palette);
    expect(raster.height).toBe(52);
    const rgb = Buffer.from(raster.rgb, "base64");
    expect(rgb.length).toBe(raster.width * raster.height * 3);
    expect(rgb.subarray(0, 3)).toEqual(Buffer.from([0x0b, 0x25, 0x45]));
    let white = 0;
    for (let at = 0; at < rgb.length; at += 3)
      if (rgb[at] === 255 && rgb[at + 1] === 255 && rgb[at + 2] === 255) white += 1;
    // The name's letters and the mark's white wing tips.
    expect(white).toBeGreaterThan(600);
  });

  it("draw the brand's lattice in the top right corner, clear of the logo, with the mark in gold", () => {
    const { shapes } = cardFrame(palette);
    const gold = shapes.filter((shape) => shape.fill === palette.highlight);
    // The mark's three filled shards, its two outlined wing tips, the left stripe.
    expect(gold).toHaveLength(3);
    const xs = shapes
      .filter((shape) => shape.fill !== palette.highlight && shape.fill !== palette.accent)
      .flatMap((shape) => [...shape.path.matchAll(/[ML](-?[\d.]+) /g)].map((match) => Number(match[1])));
    expect(xs.length).toBeGreaterThan(100);
    expect(Math.min(...xs)).toBeGreaterThan(400);
  });

  it("stop the build on a character the font lacks", () => {
    expect(() => layoutTitle(fonts.bold, "托管\u{e000}", 1000)).toThrow(/no glyph for .*U\+E000/);
  });

  it("stop the build when the CJK font is missing, naming the package", () => {
    expect(() => loadFonts(["/nonexistent"])).toThrow(/fonts-noto-cjk/);
  });
});
