// A character the site's WOFF2 font lacks, mapped to a glyph it already has: the font's
// character map (`cmap`) gains one entry, no outline is added. Source Sans 3 has no non-breaking
// hyphen (U+2011), which the build sets in compounds such as "e‑commerce" (scripts/line-breaks.mjs);
// without the mapping the browser draws it from another font, or not at all. The WOFF2 container
// (https://www.w3.org/TR/WOFF2/) is rewritten around the new `cmap`: its other tables are copied as
// they are, still transformed, and the whole recompressed with Brotli, as WOFF2 requires.

import { Buffer } from "node:buffer";
import zlib from "node:zlib";

const CMAP_TAG_INDEX = 0;
const GLYF_TAG_INDEX = 10;
const LOCA_TAG_INDEX = 11;
const ARBITRARY_TAG = 63;
const HEADER_SIZE = 48;

/**
 * `bytes`, a WOFF2 font, with `alias` drawn by the glyph of `source` in every Unicode subtable of
 * format 4 or 12 that maps `source` and not `alias`.
 * @param {Uint8Array} bytes
 * @param {number} source a code point the font has
 * @param {number} alias a code point it lacks
 * @returns {Uint8Array}
 */
export function withAlias(bytes, source, alias) {
  const font = Buffer.from(bytes);
  if (font.toString("latin1", 0, 4) !== "wOF2") throw new Error("not a WOFF2 font");
  if (font.readUInt32BE(4) === 0x74746366) throw new Error("a WOFF2 collection is not supported");
  if (font.readUInt32BE(28) !== 0 || font.readUInt32BE(40) !== 0)
    throw new Error("a WOFF2 font with metadata or private data is not supported");
  const tables = readDirectory(font);
  const directoryEnd = tables.at(-1).end;
  const stream = zlib.brotliDecompressSync(font.subarray(directoryEnd, directoryEnd + font.readUInt32BE(20)));
  let offset = 0;
  const data = tables.map((table) => {
    const slice = stream.subarray(offset, offset + table.stored);
    offset += table.stored;
    return slice;
  });
  if (offset !== stream.length) throw new Error("the WOFF2 table lengths do not add up to its data");
  const cmapIndex = tables.findIndex((table) => table.tagIndex === CMAP_TAG_INDEX);
  if (cmapIndex < 0) throw new Error("the font has no cmap table");
  const oldLength = data[cmapIndex].length;
  data[cmapIndex] = aliasedCmap(data[cmapIndex], source, alias);
  const compressed = zlib.brotliCompressSync(Buffer.concat(data), {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_FONT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    },
  });
  const directory = Buffer.concat(
    tables.map((table, index) =>
      Buffer.concat([
        table.flagsAndTag,
        base128(index === cmapIndex ? data[index].length : table.origLength),
        table.transformLength === null ? Buffer.alloc(0) : base128(table.transformLength),
      ]),
    ),
  );
  const header = Buffer.from(font.subarray(0, HEADER_SIZE));
  const body = Buffer.concat([header, directory, compressed]);
  const out = Buffer.concat([body, Buffer.alloc((4 - (body.length % 4)) % 4)]);
  out.writeUInt32BE(out.length, 8);
  out.writeUInt32BE(font.readUInt32BE(16) + pad4(data[cmapIndex].length) - pad4(oldLength), 16);
  out.writeUInt32BE(compressed.length, 20);
  return new Uint8Array(out);
}

/** The table directory: each table's directory bytes up to its lengths, its lengths, and how many
 * bytes of the decompressed stream it takes. */
function readDirectory(font) {
  const count = font.readUInt16BE(12);
  let at = HEADER_SIZE;
  const tables = [];
  for (let n = 0; n < count; n += 1) {
    const start = at;
    const flags = font[at];
    at += 1;
    const tagIndex = flags & 0x3f;
    let tag = null;
    if (tagIndex === ARBITRARY_TAG) {
      tag = font.toString("latin1", at, at + 4);
      at += 4;
    }
    const flagsAndTag = font.subarray(start, at);
    const origLength = readBase128(font, at);
    at = origLength.end;
    const version = flags >> 6;
    const glyphData =
      tagIndex === GLYF_TAG_INDEX || tagIndex === LOCA_TAG_INDEX || tag === "glyf" || tag === "loca";
    const transformed = glyphData ? version !== 3 : version !== 0;
    let transformLength = null;
    if (transformed) {
      const length = readBase128(font, at);
      at = length.end;
      transformLength = length.value;
    }
    tables.push({
      tagIndex,
      flagsAndTag,
      origLength: origLength.value,
      transformLength,
      stored: transformLength ?? origLength.value,
      end: at,
    });
  }
  return tables;
}

/** A WOFF2 UIntBase128 at `at`. */
function readBase128(bytes, at) {
  let value = 0;
  for (let n = 0; n < 5; n += 1) {
    const byte = bytes[at + n];
    if (n === 0 && byte === 0x80) throw new Error("a UIntBase128 with a leading zero");
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return { value, end: at + n + 1 };
  }
  throw new Error("a UIntBase128 longer than five bytes");
}

/** `value` as a WOFF2 UIntBase128. */
function base128(value) {
  const digits = [value & 0x7f];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128))
    digits.unshift((rest & 0x7f) | 0x80);
  return Buffer.from(digits);
}

const pad4 = (length) => length + ((4 - (length % 4)) % 4);

/** A `cmap` table with `alias` mapped as `source` is in each format 4 and 12 subtable; the other
 * subtables are copied as they are. */
function aliasedCmap(cmap, source, alias) {
  const count = cmap.readUInt16BE(2);
  const records = Array.from({ length: count }, (_, n) => ({
    platform: cmap.readUInt16BE(4 + n * 8),
    encoding: cmap.readUInt16BE(6 + n * 8),
    offset: cmap.readUInt32BE(8 + n * 8),
  }));
  const rebuilt = new Map();
  for (const { offset } of records) {
    if (rebuilt.has(offset)) continue;
    const format = cmap.readUInt16BE(offset);
    if (format === 4 || format === 12) {
      const { map, language } = format === 4 ? readFormat4(cmap, offset) : readFormat12(cmap, offset);
      if (map.has(source) && !map.has(alias)) map.set(alias, map.get(source));
      rebuilt.set(offset, format === 4 ? format4(map, language) : format12(map, language));
    } else {
      rebuilt.set(offset, cmap.subarray(offset, offset + subtableLength(cmap, offset, format)));
    }
  }
  const head = Buffer.alloc(4 + count * 8);
  head.writeUInt16BE(cmap.readUInt16BE(0), 0);
  head.writeUInt16BE(count, 2);
  const placed = new Map();
  const parts = [head];
  let end = head.length;
  for (const [offset, subtable] of rebuilt) {
    placed.set(offset, end);
    const padded = Buffer.concat([subtable, Buffer.alloc(pad4(subtable.length) - subtable.length)]);
    parts.push(padded);
    end += padded.length;
  }
  records.forEach((record, n) => {
    head.writeUInt16BE(record.platform, 4 + n * 8);
    head.writeUInt16BE(record.encoding, 6 + n * 8);
    head.writeUInt32BE(placed.get(record.offset), 8 + n * 8);
  });
  return Buffer.concat(parts);
}

/** The length of a subtable this module copies as it is. */
function subtableLength(cmap, offset, format) {
  if (format === 0 || format === 2 || format === 4 || format === 6) return cmap.readUInt16BE(offset + 2);
  return cmap.readUInt32BE(offset + (format === 14 ? 2 : 4));
}

/** The code points and glyphs of a format 4 subtable. */
function readFormat4(cmap, offset) {
  const segments = cmap.readUInt16BE(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  const map = new Map();
  for (let n = 0; n < segments; n += 1) {
    const start = cmap.readUInt16BE(starts + n * 2);
    const end = cmap.readUInt16BE(ends + n * 2);
    const delta = cmap.readUInt16BE(deltas + n * 2);
    const rangeAt = rangeOffsets + n * 2;
    const range = cmap.readUInt16BE(rangeAt);
    for (let code = start; code <= end && code !== 0xffff; code += 1) {
      const raw = range === 0 ? code : cmap.readUInt16BE(rangeAt + range + (code - start) * 2);
      if (range !== 0 && raw === 0) continue;
      const glyph = (raw + delta) & 0xffff;
      if (glyph !== 0) map.set(code, glyph);
    }
  }
  return { map, language: cmap.readUInt16BE(offset + 4) };
}

/** The code points and glyphs of a format 12 subtable. */
function readFormat12(cmap, offset) {
  const groups = cmap.readUInt32BE(offset + 12);
  const map = new Map();
  for (let n = 0; n < groups; n += 1) {
    const at = offset + 16 + n * 12;
    const start = cmap.readUInt32BE(at);
    const end = cmap.readUInt32BE(at + 4);
    const glyph = cmap.readUInt32BE(at + 8);
    for (let code = start; code <= end; code += 1) map.set(code, glyph + code - start);
  }
  return { map, language: cmap.readUInt32BE(offset + 8) };
}

/** Runs of consecutive code points drawn by consecutive glyphs, in order. */
function runs(map, limit) {
  const codes = [...map.keys()].filter((code) => code <= limit).sort((a, b) => a - b);
  const out = [];
  for (const code of codes) {
    const last = out.at(-1);
    if (last && code === last.end + 1 && map.get(code) === last.glyph + code - last.start) last.end = code;
    else out.push({ start: code, end: code, glyph: map.get(code) });
  }
  return out;
}

/** A format 4 subtable of `map`'s code points up to U+FFFE: a segment per run, each glyph by its
 * delta, and the closing segment at U+FFFF. */
function format4(map, language) {
  const segments = [...runs(map, 0xfffe), { start: 0xffff, end: 0xffff, glyph: 0 }];
  const count = segments.length;
  const power = 2 ** Math.floor(Math.log2(count));
  const table = Buffer.alloc(16 + count * 8);
  table.writeUInt16BE(4, 0);
  table.writeUInt16BE(table.length, 2);
  table.writeUInt16BE(language, 4);
  table.writeUInt16BE(count * 2, 6);
  table.writeUInt16BE(power * 2, 8);
  table.writeUInt16BE(Math.log2(power), 10);
  table.writeUInt16BE(count * 2 - power * 2, 12);
  segments.forEach((segment, n) => {
    const delta = segment.start === 0xffff ? 1 : (segment.glyph - segment.start) & 0xffff;
    table.writeUInt16BE(segment.end, 14 + n * 2);
    table.writeUInt16BE(segment.start, 16 + count * 2 + n * 2);
    table.writeUInt16BE(delta, 16 + count * 4 + n * 2);
    table.writeUInt16BE(0, 16 + count * 6 + n * 2);
  });
  return table;
}

/** A format 12 subtable of `map`: a group per run. */
function format12(map, language) {
  const groups = runs(map, 0x10ffff);
  const table = Buffer.alloc(16 + groups.length * 12);
  table.writeUInt16BE(12, 0);
  table.writeUInt32BE(table.length, 4);
  table.writeUInt32BE(language, 8);
  table.writeUInt32BE(groups.length, 12);
  groups.forEach((group, n) => {
    table.writeUInt32BE(group.start, 16 + n * 12);
    table.writeUInt32BE(group.end, 20 + n * 12);
    table.writeUInt32BE(group.glyph, 24 + n * 12);
  });
  return table;
}
