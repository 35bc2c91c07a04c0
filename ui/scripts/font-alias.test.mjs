// @vitest-environment node
// The non-breaking hyphen added to the site's font: read back by fontkitten from the rewritten
// WOFF2 file, it is drawn by the hyphen's glyph, and every other character keeps its glyph.

import fs from "node:fs";
import { create } from "fontkitten";
import { describe, expect, it } from "vitest";
import { withAlias } from "./font-alias.mjs";
import { SUBSET_FILE as FILE, siteFont } from "./site-font.mjs";

describe("the non-breaking hyphen in the site's font", () => {
  const original = create(fs.readFileSync(FILE));
  const aliased = create(withAlias(fs.readFileSync(FILE), 0x2d, 0x2011));

  it("is missing from the package's file and drawn by the hyphen in the site's", () => {
    expect(original.hasGlyphForCodePoint(0x2011)).toBe(false);
    expect(aliased.hasGlyphForCodePoint(0x2011)).toBe(true);
    expect(aliased.glyphForCodePoint(0x2011).id).toBe(original.glyphForCodePoint(0x2d).id);
  });

  it("leaves every other character with its glyph, and adds no glyph", () => {
    expect(aliased.numGlyphs).toBe(original.numGlyphs);
    expect(aliased.characterSet.filter((code) => code !== 0x2011).sort()).toEqual(
      [...original.characterSet].sort(),
    );
    for (const code of original.characterSet)
      expect(aliased.glyphForCodePoint(code).id).toBe(original.glyphForCodePoint(code).id);
  });

  it("is the file the site serves, a few bytes larger than the package's", () => {
    const served = siteFont("/").bytes;
    expect(create(served).hasGlyphForCodePoint(0x2011)).toBe(true);
    expect(served.length - fs.statSync(FILE).size).toBeLessThan(200);
  });
});
