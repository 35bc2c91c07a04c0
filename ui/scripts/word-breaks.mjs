// Where the Chinese headings of a prerendered page may break, for ui/scripts/build.mjs: BudouX's
// Simplified Chinese model finds the word boundaries of each heading text at build time, so the
// browser gets the offsets in the page data (src/components/Words.tsx draws a <wbr> at each) and
// never the segmenter itself.

import { loadDefaultSimplifiedChineseParser } from "budoux";
import { parse } from "node-html-parser";

const parser = loadDefaultSimplifiedChineseParser();
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const HAN = /\p{Script=Han}/u;
const DIGIT = /\d/;

/** A phrase of the model this long or longer may also break between its words (the dictionary's,
 * `Intl.Segmenter`), so that a narrow column can still take it without cutting a word. */
const LONG_PHRASE = 6;

/** Keeps a line break off either side of it (scripts/line-breaks.mjs marks text with it). */
const JOINER = "\u2060";

/** The offsets (UTF-16 code units) where `text` may break between two words. Only boundaries
 * between two Han characters, or a Han character and a figure, are kept (spaces and punctuation
 * already allow a break, a Latin word is never cut, and a figure keeps its unit), and none between two chunks of one character each: that is where the model
 * splits a two-character word (数|字, 审|批, 人|数), which then stays whole. A long phrase may also
 * break between its words. The model reads the text without the joiners that keep words whole; a
 * boundary where a joiner holds two characters together is dropped. */
export function wordBoundaries(text) {
  // Where each character of the text without joiners is in the text.
  const at = [];
  let plain = "";
  for (let offset = 0; offset < text.length; offset++) {
    if (text[offset] === JOINER) continue;
    at.push(offset);
    plain += text[offset];
  }
  at.push(text.length);
  // Between two Han characters, or a Han character and a figure after it (年|8月); never between
  // a figure and its unit (8|月).
  const between = (offset) =>
    HAN.test(plain[offset - 1]) && (HAN.test(plain[offset]) || DIGIT.test(plain[offset]));
  const free = (offset) => text[at[offset] - 1] !== JOINER;
  // The model's phrase boundaries that fall between two words.
  const phrases = [0];
  let offset = 0;
  const chunks = parser.parse(plain);
  chunks.forEach((chunk, i) => {
    offset += chunk.length;
    const next = chunks[i + 1];
    if (next && !([...chunk].length === 1 && [...next].length === 1) && free(offset)) phrases.push(offset);
  });
  phrases.push(plain.length);
  // A long phrase may break between its words too.
  const boundaries = new Set(phrases.slice(1, -1));
  phrases.slice(0, -1).forEach((start, i) => {
    const phrase = plain.slice(start, phrases[i + 1]);
    if ([...phrase].length < LONG_PHRASE) return;
    for (const { index } of segmenter.segment(phrase)) if (index > 0) boundaries.add(start + index);
  });
  return [...boundaries]
    .filter((boundary) => between(boundary) && free(boundary))
    .sort((a, b) => a - b)
    .map((boundary) => at[boundary]);
}

/** For every text of a heading (h1 to h4) in `html` that has Chinese in it and a word boundary,
 * the boundaries' offsets; `undefined` when there are none. */
export function headingWordBreaks(html) {
  const breaks = {};
  const visit = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType !== 3) {
        visit(child);
        continue;
      }
      const text = child.text;
      if (!HAN.test(text) || text in breaks) continue;
      const offsets = wordBoundaries(text);
      if (offsets.length > 0) breaks[text] = offsets;
    }
  };
  for (const heading of parse(html).querySelectorAll("h1, h2, h3, h4")) visit(heading);
  return Object.keys(breaks).length > 0 ? breaks : undefined;
}
