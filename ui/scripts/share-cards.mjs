// Share cards: the 1200×630 PNG that link previews show for each page (og:image). The build lays
// each card out from the page's title and the brand (the white logo of scripts/wordmark.mjs and the
// shard lattice of scripts/shard-lattice.mjs, on the palette of content/site.toml); the server
// draws the PNG when a card is first asked for (crates/site/src/share_cards/), so the binary
// carries the cards' layout and glyphs, not 182 images. Titles are set in Noto Sans CJK (the SC
// faces of Debian's fonts-noto-cjk), which covers Latin and Chinese alike, so both languages share
// one typeface.
//
// The font is read with fontkitten, which measures every glyph (for line breaking) and gives its
// outline; the layout carries each glyph's outline once, as SVG path data in font units. The logo
// is rasterized here with resvg, once for every card. A character the font has no glyph for fails
// the build rather than showing a blank box.

import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import { create } from "fontkitten";
import { cardLattice } from "./shard-lattice.mjs";

/** The card's size in pixels (the size Open Graph and X recommend for large previews). */
export const CARD = { width: 1200, height: 630 };
/** Space kept clear around the card's content. */
const MARGIN = 80;
/** The title's sizes in pixels, largest first, and how many lines each may take. */
const TITLE_SIZES = [
  { size: 76, lines: 2 },
  { size: 66, lines: 3 },
  { size: 56, lines: 3 },
  { size: 48, lines: 4 },
];
const EYEBROW_SIZE = 26;
const FOOTER_SIZE = 24;
const LOGO_HEIGHT = 52;

/** Where fonts-noto-cjk puts its collections (Debian and Ubuntu; Fedora and Arch). */
const FONT_DIRS = [
  "/usr/share/fonts/opentype/noto",
  "/usr/share/fonts/noto-cjk",
  "/usr/share/fonts/google-noto-cjk",
];
/** The faces used: Simplified Chinese forms, bold for the title, regular for the rest. */
const FACES = {
  bold: { file: "NotoSansCJK-Bold.ttc", name: "NotoSansCJKsc-Bold" },
  regular: { file: "NotoSansCJK-Regular.ttc", name: "NotoSansCJKsc-Regular" },
};

/** Characters that may not begin a line (closing punctuation), and that may not end one. */
const NO_LINE_START = new Set([..."，。、：；！？）」』”’》〉】〕…—·%,.:;!?)]}"]);
const NO_LINE_END = new Set([..."（「『“‘《〈【〔([{"]);
/** A character set on its own: CJK ideographs, kana and full-width punctuation, which a line may
 * break before or after. */
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;

/**
 * Finds and parses the fonts. `dirs` may name other directories (`SHARE_CARD_FONT_DIR`).
 * @returns {{ bold: object, regular: object, id: string }} the faces and what identifies them
 */
export function loadFonts(
  dirs = process.env.SHARE_CARD_FONT_DIR ? [process.env.SHARE_CARD_FONT_DIR] : FONT_DIRS,
) {
  const faces = {};
  const ids = [];
  for (const [key, { file, name }] of Object.entries(FACES)) {
    const found = dirs.map((dir) => path.join(dir, file)).find((candidate) => fs.existsSync(candidate));
    if (!found)
      throw new Error(
        `share cards need the font ${file} (Noto Sans CJK, Debian package fonts-noto-cjk), looked in ${dirs.join(", ")}. ` +
          "Install it (apt-get install fonts-noto-cjk) or set SHARE_CARD_FONT_DIR to the directory that holds it.",
      );
    const stat = fs.statSync(found);
    const font = create(fs.readFileSync(found));
    const face = font.isCollection ? font.getFont(name) : font;
    if (!face) throw new Error(`share cards: ${found} has no face ${name}`);
    faces[key] = face;
    ids.push(`${found}:${stat.size}:${stat.mtimeMs}`);
  }
  return { ...faces, id: ids.join("|") };
}

/** Each face's glyphs already looked up: advance and outline by character. */
const glyphCache = new WeakMap();

/** The advance and outline of each character of `text` in `face`; a character without a glyph is
 * an error (it would show as a box). */
function glyphs(face, text) {
  let cache = glyphCache.get(face);
  if (!cache) glyphCache.set(face, (cache = new Map()));
  return [...text].map((char) => {
    const known = cache.get(char);
    if (known) return known;
    const codePoint = char.codePointAt(0) ?? 0;
    if (!face.hasGlyphForCodePoint(codePoint))
      throw new Error(
        `share cards: ${face.postscriptName} has no glyph for "${char}" (U+${codePoint.toString(16).toUpperCase()}) in "${text}"`,
      );
    const glyph = face.glyphForCodePoint(codePoint);
    const entry = { advanceWidth: glyph.advanceWidth, path: glyph.path.toSVG() };
    cache.set(char, entry);
    return entry;
  });
}

/** The width of `text` at `size` pixels. */
export function measure(face, text, size) {
  return (glyphs(face, text).reduce((sum, glyph) => sum + glyph.advanceWidth, 0) * size) / face.unitsPerEm;
}

/** The units a line may break between: words (with the punctuation that clings to them), single
 * CJK characters, and the spaces between words, where a line may break and which a line drops at
 * its ends. */
export function breakUnits(text) {
  const units = [];
  let word = "";
  const flush = () => {
    if (word) units.push(word);
    word = "";
  };
  for (const char of text) {
    if (char === " ") {
      flush();
      units.push(" ");
    } else if (CJK.test(char)) {
      flush();
      units.push(char);
    } else word += char;
  }
  flush();
  // Closing punctuation joins the unit before it, opening punctuation the unit after it.
  const joined = [];
  for (const unit of units) {
    const last = joined[joined.length - 1];
    if (
      last !== undefined &&
      last !== " " &&
      (NO_LINE_START.has([...unit][0]) || NO_LINE_END.has([...last].at(-1)))
    )
      joined[joined.length - 1] = last + unit;
    else joined.push(unit);
  }
  return joined;
}

/** Greedy line breaking of `units` (each with its width) into lines no wider than `width`. Glyph
 * advances add up (the faces have no kerning between the characters titles use), so a line's width
 * is the sum of its units'. */
function breakLines(units, width) {
  const lines = [];
  let line = [];
  let used = 0;
  const close = () => {
    while (line.at(-1)?.text === " ") used -= line.pop().width;
    if (line.length) lines.push(line.map((unit) => unit.text).join(""));
    line = [];
    used = 0;
  };
  for (const unit of units) {
    if (unit.text === " ") {
      if (line.length) {
        line.push(unit);
        used += unit.width;
      }
      continue;
    }
    if (line.length && used + unit.width > width) close();
    line.push(unit);
    used += unit.width;
  }
  close();
  return lines;
}

/**
 * Lays out a title within `width`: the largest size at which it fits its line limit, each line as
 * even as the others (the narrowest width that keeps the same number of lines).
 * @returns {{ size: number, lines: string[] }}
 */
export function layoutTitle(face, title, width) {
  const units = breakUnits(title);
  const sized = (size) => units.map((text) => ({ text, width: measure(face, text, size) }));
  const fits = ({ size, lines }) => {
    const measured = sized(size);
    return measured.every((unit) => unit.width <= width) && breakLines(measured, width).length <= lines;
  };
  const chosen = TITLE_SIZES.find(fits) ?? TITLE_SIZES[TITLE_SIZES.length - 1];
  const measured = sized(chosen.size);
  const count = breakLines(measured, width).length;
  let [low, high] = [width / 2, width];
  while (high - low > 4) {
    const middle = (low + high) / 2;
    if (breakLines(measured, middle).length === count) high = middle;
    else low = middle;
  }
  return { size: chosen.size, lines: breakLines(measured, high).slice(0, chosen.lines) };
}

/** Records in `used`, by character, the advance and outline of each character of `text`. */
function recordGlyphs(face, text, used) {
  const chars = [...text];
  glyphs(face, text).forEach((glyph, at) => used.set(chars[at], [glyph.advanceWidth, glyph.path]));
}

const dateFormats = {
  en: new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }),
  zh: new Intl.DateTimeFormat("zh-CN", { dateStyle: "long", timeZone: "UTC" }),
};

/** The line above the title: the section, and the date of a dated page, as the page writes it. */
function eyebrowText(card, lang) {
  const date = card.date ? dateFormats[lang].format(new Date(`${card.date}T00:00:00Z`)) : "";
  return [card.eyebrow, date].filter(Boolean).join(" · ");
}

/** Where the logo sits, and how high it is. */
const LOGO = { x: MARGIN, y: MARGIN - 8, height: LOGO_HEIGHT };
/** The top of the footer's rule; the footer's text sits below it. */
const FOOTER_TOP = CARD.height - MARGIN - FOOTER_SIZE * 1.6;

/** How far the lattice reaches from the card's top right corner: the title, on the left and
 * below the logo, sits mostly on plain navy. */
const LATTICE_RADIUS = 760;

/**
 * What every card shares: its size, its colour, the brand's lattice on its right side, the
 * highlight stripe on its left edge and the footer's rule (as SVG path data in pixels).
 * @param {Record<string, string>} palette the colours of content/site.toml by key
 */
export function cardFrame(palette) {
  const width = CARD.width - 2 * MARGIN;
  return {
    width: CARD.width,
    height: CARD.height,
    background: palette.brand,
    shapes: [
      ...cardLattice(palette, { ...CARD, radius: LATTICE_RADIUS }),
      { path: `M0 0H12V${CARD.height}H0Z`, fill: palette.highlight },
      {
        path: `M${MARGIN} ${FOOTER_TOP}H${MARGIN + width}V${FOOTER_TOP + 2}H${MARGIN}Z`,
        fill: palette.accent,
      },
    ],
  };
}

/**
 * The text of one card as runs the server sets glyph by glyph: the eyebrow, the title's lines
 * (the largest size at which the title fits) and the footer, each with its face, size in pixels,
 * the start of its baseline and its colour.
 * @param {{ title: string, eyebrow?: string, date?: string, footer: string }} card
 * @param {"en" | "zh"} lang
 * @param {Record<string, string>} palette
 * @param {{ bold: object, regular: object }} fonts
 */
export function cardRuns(card, lang, palette, fonts) {
  const width = CARD.width - 2 * MARGIN;
  const title = layoutTitle(fonts.bold, card.title, width);
  const lineHeight = title.size * (lang === "zh" ? 1.32 : 1.18);
  const eyebrow = eyebrowText(card, lang);
  const eyebrowBlock = eyebrow ? EYEBROW_SIZE * 2.1 : 0;
  // The eyebrow and title sit centred between the logo and the footer rule.
  const top = MARGIN + LOGO_HEIGHT;
  const block = eyebrowBlock + title.lines.length * lineHeight;
  const start = top + (FOOTER_TOP - top - block) / 2;
  const runs = [];
  const run = (face, text, y, size, fill) => runs.push({ face, size, x: MARGIN, y: round(y), fill, text });
  if (eyebrow) run("bold", eyebrow, start + EYEBROW_SIZE, EYEBROW_SIZE, palette.highlight);
  title.lines.forEach((line, index) => {
    run(
      "bold",
      line,
      start + eyebrowBlock + index * lineHeight + title.size * 0.95,
      title.size,
      palette.background,
    );
  });
  let footerSize = FOOTER_SIZE;
  while (footerSize > 16 && measure(fonts.regular, card.footer, footerSize) > width) footerSize -= 1;
  run("regular", card.footer, CARD.height - MARGIN + 4, footerSize, palette.border);
  return runs;
}

/** `value` to a hundredth of a pixel, which keeps the layout file short. */
const round = (value) => Math.round(value * 100) / 100;

/** The logo file placed at (`x`, `y`), `height` pixels high, and its width. */
function placedLogo(svg, x, y, height) {
  const [, , viewWidth, viewHeight] = (svg.match(/viewBox="([^"]+)"/)?.[1] ?? "0 0 1 1")
    .split(/\s+/)
    .map(Number);
  const width = (height * viewWidth) / viewHeight;
  const root = svg.slice(0, svg.indexOf(">")).replace(/\s(width|height|role|aria-label)="[^"]*"/g, "");
  return {
    svg: `${root} x="${x}" y="${y}" width="${width.toFixed(2)}" height="${height}"${svg.slice(svg.indexOf(">"))}`,
    width,
  };
}

/**
 * The logo as the card shows it: its pixels on the card's colour, rasterized by resvg, for the
 * server to copy to the card's top left corner.
 * @returns {Promise<{ x: number, y: number, width: number, height: number, rgb: string }>} the
 *   box's place and size in pixels, and its pixels (RGB, row by row) in base64
 */
export async function logoRaster(logo, palette) {
  const placed = placedLogo(logo, 0, 0, LOGO.height);
  const width = Math.ceil(placed.width);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LOGO.height}" viewBox="0 0 ${width} ${LOGO.height}">` +
    `<rect width="${width}" height="${LOGO.height}" fill="${palette.brand}"/>${placed.svg}</svg>`;
  const image = await renderAsync(svg, { font: { loadSystemFonts: false } });
  const rgb = Buffer.alloc(image.width * image.height * 3);
  for (let pixel = 0; pixel < image.width * image.height; pixel += 1)
    image.pixels.copy(rgb, pixel * 3, pixel * 4, pixel * 4 + 3);
  return { x: LOGO.x, y: LOGO.y, width: image.width, height: image.height, rgb: rgb.toString("base64") };
}

const slug = (key) =>
  key === "/"
    ? "home"
    : key
        .replace(/^\//, "")
        .replace(/[^a-z0-9]+/gi, "-")
        .toLowerCase();

/**
 * Lays out every page's card. Each card's file name carries a hash of what its pixels are made of
 * (the frame, the logo, its runs and their glyphs, and the server's drawing code in
 * `drawingSources`), so a card's URL changes exactly when its picture does.
 * @param {{ key: string, lang: "en" | "zh", card: object }[]} pages
 * @param {{ logo: string, palette: Record<string, string>, drawingSources: Buffer[] }} options
 *   the white logo's SVG, the palette and the server's drawing code
 * @returns {Promise<{ layout: object, urls: Record<string, string> }>} the layout the server
 *   draws from (`crates/site/src/share_cards/layout.rs`), with each card's runs by its file's
 *   path below the client directory, and each page's card file by page key
 */
export async function buildShareCards(pages, { logo: logoSvg, palette, drawingSources }) {
  const fonts = loadFonts();
  const logo = await logoRaster(logoSvg, palette);
  const frame = cardFrame(palette);
  const shared = createHash("sha256").update(JSON.stringify({ frame, logo }));
  for (const source of drawingSources) shared.update(source);
  const used = { bold: new Map(), regular: new Map() };
  const cards = {};
  const urls = {};
  for (const { key, lang, card } of pages) {
    const runs = cardRuns(card, lang, palette, fonts);
    const hash = shared.copy();
    for (const run of runs) {
      recordGlyphs(fonts[run.face], run.text, used[run.face]);
      hash.update(JSON.stringify(run));
      for (const char of run.text) hash.update(JSON.stringify(used[run.face].get(char)));
    }
    const file = `share/${slug(key)}.${hash.digest("hex").slice(0, 10)}.png`;
    cards[file] = runs;
    urls[key] = file;
  }
  const faces = Object.fromEntries(
    Object.entries(used).map(([face, glyphsByChar]) => [
      face,
      { unitsPerEm: fonts[face].unitsPerEm, glyphs: Object.fromEntries([...glyphsByChar].sort()) },
    ]),
  );
  return { layout: { ...frame, logo, faces, cards }, urls };
}
