// @vitest-environment node
// The share cards' text rendering: Chinese titles come out as distinct glyphs of the CJK font,
// never as the blank boxes ("tofu") a font without them would show, and a missing font or glyph
// stops the build.

import fs from "node:fs";
import path from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { CARD, cardSvg, layoutTitle, loadFonts, renderPng } from "./share-cards.mjs";

const palette = {
  brand: "#0b2545",
  highlight: "#d4a72c",
  background: "#ffffff",
  accent: "#13315c",
  border: "#8da9c4",
};
const logo = fs.readFileSync(path.resolve("..", "content", "brand", "logo-white.svg"), "utf8");
const fonts = loadFonts();

/** The card's pixels (RGBA) for a Chinese title. */
async function pixels(title) {
  const svg = cardSvg(
    { title, eyebrow: "公告", footer: "面向机构客户的数字资产托管" },
    "zh",
    palette,
    fonts,
    logo,
  );
  return (await renderAsync(svg, { font: { loadSystemFonts: false } })).pixels;
}

/** How many pixels of the rows between `top` and `bottom` are not the background colour. */
function ink(rgba, top, bottom) {
  let count = 0;
  for (let offset = top * CARD.width * 4; offset < bottom * CARD.width * 4; offset += 4)
    if (rgba[offset] !== 0x0b || rgba[offset + 1] !== 0x25 || rgba[offset + 2] !== 0x45) count += 1;
  return count;
}

describe("share cards", () => {
  it("set each Chinese character as its own glyph, not as the same box", async () => {
    const [custody, settlement] = await Promise.all([pixels("数字资产托管"), pixels("数字资产结算")]);
    // The title sits between the logo and the footer rule.
    const [top, bottom] = [160, 500];
    expect(ink(custody, top, bottom)).toBeGreaterThan(5000);
    // The two titles differ in their last two characters only: with tofu both would be boxes.
    let differing = 0;
    for (let offset = top * CARD.width * 4; offset < bottom * CARD.width * 4; offset += 4)
      if (custody[offset] !== settlement[offset]) differing += 1;
    expect(differing).toBeGreaterThan(500);
  });

  it("stop the build on a character the font lacks", () => {
    expect(() => layoutTitle(fonts.bold, "托管\u{e000}", 1000)).toThrow(/no glyph for .*U\+E000/);
  });

  it("stop the build when the CJK font is missing, naming the package", () => {
    expect(() => loadFonts(["/nonexistent"])).toThrow(/fonts-noto-cjk/);
  });

  it("are 1200×630 PNGs", async () => {
    const png = await renderPng(cardSvg({ title: "Custody", footer: "Kestrel" }, "en", palette, fonts, logo));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
