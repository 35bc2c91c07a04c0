// Share cards: the 1200×630 PNG that link previews show for each page (og:image), made at build
// time from the page's title and the brand (the white logo of content/brand/ on the palette of
// content/site.toml). Titles are set in Noto Sans CJK (the SC faces of Debian's fonts-noto-cjk),
// which covers Latin and Chinese alike, so both languages share one typeface.
//
// The font is read with fontkitten, which measures every glyph (for line breaking) and gives its
// outline; resvg rasterizes the outlines. resvg-js 2.6 reads a font collection from disk again for
// every glyph it shapes (about 19 ms a glyph for the 20 MB collection, several minutes for the
// site), so the card's text reaches resvg as paths drawn from the same font file. A character the
// font has no glyph for fails the build rather than showing a blank box.

import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { constants, crc32, deflate } from "node:zlib";
import { renderAsync } from "@resvg/resvg-js";
import { create } from "fontkitten";

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

/** `text` as SVG paths, its baseline starting at (`x`, `y`). */
function textPaths(face, text, x, y, size, fill) {
  const scale = size / face.unitsPerEm;
  let pen = 0;
  const paths = [];
  for (const glyph of glyphs(face, text)) {
    if (glyph.path) paths.push(`<path transform="translate(${pen} 0)" d="${glyph.path}"/>`);
    pen += glyph.advanceWidth;
  }
  return `<g fill="${fill}" transform="translate(${x} ${y}) scale(${scale} ${-scale})">${paths.join("")}</g>`;
}

/** The logo file placed at (`x`, `y`), `height` pixels high. */
function placedLogo(svg, x, y, height) {
  const [, , viewWidth, viewHeight] = (svg.match(/viewBox="([^"]+)"/)?.[1] ?? "0 0 1 1")
    .split(/\s+/)
    .map(Number);
  const width = (height * viewWidth) / viewHeight;
  const root = svg.slice(0, svg.indexOf(">")).replace(/\s(width|height|role|aria-label)="[^"]*"/g, "");
  return `${root} x="${x}" y="${y}" width="${width.toFixed(2)}" height="${height}"${svg.slice(svg.indexOf(">"))}`;
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

/**
 * The SVG of one card.
 * @param {{ title: string, eyebrow?: string, date?: string, footer: string }} card
 * @param {"en" | "zh"} lang
 * @param {Record<string, string>} palette the colours of content/site.toml by key
 * @param {{ bold: object, regular: object }} fonts
 * @param {string} logo the white logo's SVG
 */
export function cardSvg(card, lang, palette, fonts, logo) {
  const width = CARD.width - 2 * MARGIN;
  const title = layoutTitle(fonts.bold, card.title, width);
  const lineHeight = title.size * (lang === "zh" ? 1.32 : 1.18);
  const eyebrow = eyebrowText(card, lang);
  const eyebrowBlock = eyebrow ? EYEBROW_SIZE * 2.1 : 0;
  const footerTop = CARD.height - MARGIN - FOOTER_SIZE * 1.6;
  // The eyebrow and title sit centred between the logo and the footer rule.
  const top = MARGIN + LOGO_HEIGHT;
  const block = eyebrowBlock + title.lines.length * lineHeight;
  const start = top + (footerTop - top - block) / 2;
  const parts = [
    `<rect width="${CARD.width}" height="${CARD.height}" fill="${palette.brand}"/>`,
    `<rect x="0" y="0" width="12" height="${CARD.height}" fill="${palette.highlight}"/>`,
    placedLogo(logo, MARGIN, MARGIN - 8, LOGO_HEIGHT),
  ];
  if (eyebrow)
    parts.push(textPaths(fonts.bold, eyebrow, MARGIN, start + EYEBROW_SIZE, EYEBROW_SIZE, palette.highlight));
  title.lines.forEach((line, index) => {
    const baseline = start + eyebrowBlock + index * lineHeight + title.size * 0.95;
    parts.push(textPaths(fonts.bold, line, MARGIN, baseline, title.size, palette.background));
  });
  let footerSize = FOOTER_SIZE;
  while (footerSize > 16 && measure(fonts.regular, card.footer, footerSize) > width) footerSize -= 1;
  parts.push(
    `<rect x="${MARGIN}" y="${footerTop}" width="${width}" height="2" fill="${palette.accent}"/>`,
    textPaths(fonts.regular, card.footer, MARGIN, CARD.height - MARGIN + 4, footerSize, palette.border),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}">${parts.join("")}</svg>`;
}

/** The PNG of an SVG, rendered in resvg's worker threads. A card is a few flat colours and their
 * anti-aliased blends (about a hundred colours), so it is written as an indexed PNG, losslessly,
 * at under half the size of resvg's RGBA PNG; an image with more than 256 colours stays RGBA. */
export async function renderPng(svg) {
  const image = await renderAsync(svg, { font: { loadSystemFonts: false } });
  return (await indexedPng(image.width, image.height, image.pixels)) ?? image.asPng();
}

/** zlib's deflate in libuv's thread pool, so that cards compress in parallel. */
const deflateAsync = promisify(deflate);

/** An opaque RGBA image as an 8-bit indexed PNG, or `null` when it has more than 256 colours or
 * any transparency. */
export async function indexedPng(width, height, rgba) {
  const indexes = new Map();
  // Each row starts with its filter type, 0 (none): filters do not help indexed images.
  const rows = new Uint8Array(height * (width + 1));
  let previous = -1;
  let index = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 4;
      if (rgba[offset + 3] !== 255) return null;
      const colour = (rgba[offset] << 16) | (rgba[offset + 1] << 8) | rgba[offset + 2];
      if (colour !== previous) {
        index = indexes.get(colour) ?? indexes.size;
        if (index === 256) return null;
        indexes.set(colour, index);
        previous = colour;
      }
      rows[y * (width + 1) + 1 + x] = index;
    }
  }
  const palette = Buffer.alloc(indexes.size * 3);
  [...indexes.keys()].forEach((colour, at) => palette.writeUIntBE(colour, at * 3, 3));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // bit depth 8, colour type 3 (indexed), default methods
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("PLTE", palette),
    chunk("IDAT", await deflateAsync(rows, { level: constants.Z_BEST_COMPRESSION })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const slug = (key) =>
  key === "/"
    ? "home"
    : key
        .replace(/^\//, "")
        .replace(/[^a-z0-9]+/gi, "-")
        .toLowerCase();

/**
 * Makes every page's card. Identical cards are rendered once; a card rendered by an earlier build
 * (same SVG, same fonts) is taken from `cacheDir`.
 * @param {{ key: string, lang: "en" | "zh", card: object }[]} pages
 * @param {{ brandDir: string, palette: Record<string, string>, cacheDir: string }} options
 * @returns {Promise<{ files: Record<string, Uint8Array>, urls: Record<string, string>, rendered: number, cached: number }>}
 *   the PNGs by path below the client directory, and each page's file by page key
 */
export async function buildShareCards(pages, { brandDir, palette, cacheDir }) {
  const fonts = loadFonts();
  const logo = fs.readFileSync(path.join(brandDir, "logo-white.svg"), "utf8");
  fs.mkdirSync(cacheDir, { recursive: true });
  const bySvg = new Map();
  const urls = {};
  const files = {};
  let cached = 0;
  const jobs = pages.map(async ({ key, lang, card }) => {
    const svg = cardSvg(card, lang, palette, fonts, logo);
    const digest = createHash("sha256").update(fonts.id).update("\0").update(svg).digest("hex");
    if (!bySvg.has(digest)) {
      const cacheFile = path.join(cacheDir, `${digest}.png`);
      bySvg.set(
        digest,
        fs.existsSync(cacheFile)
          ? Promise.resolve(fs.readFileSync(cacheFile)).then((png) => ((cached += 1), png))
          : renderPng(svg).then((png) => (fs.writeFileSync(cacheFile, png), png)),
      );
    }
    const png = await bySvg.get(digest);
    const hash = createHash("sha256").update(png).digest("hex").slice(0, 10);
    const file = `share/${slug(key)}.${hash}.png`;
    files[file] = png;
    urls[key] = file;
  });
  await Promise.all(jobs);
  for (const name of fs.readdirSync(cacheDir))
    if (!bySvg.has(name.replace(/\.png$/, ""))) fs.rmSync(path.join(cacheDir, name));
  return { files, urls, rendered: bySvg.size - cached, cached };
}
