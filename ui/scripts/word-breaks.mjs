// Where the Chinese headings of a prerendered page may break, for ui/scripts/build.mjs: BudouX's
// Simplified Chinese model finds the word boundaries of each heading text at build time, so the
// browser gets the offsets in the page data (src/components/Words.tsx draws a <wbr> at each) and
// never the segmenter itself.

import { loadDefaultSimplifiedChineseParser } from "budoux";
import { parse } from "node-html-parser";
import { betweenWords } from "./line-breaks.mjs";

const parser = loadDefaultSimplifiedChineseParser();
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const HAN = /\p{Script=Han}/u;

/** A phrase of the model this long or longer may also break between its words (the dictionary's,
 * `Intl.Segmenter`), so that a narrow column can still take it without cutting a word. */
const LONG_PHRASE = 6;

/** A break between two words that scripts/line-breaks.mjs offered in the text already. */
const BETWEEN_WORDS = "\u200b";

/** The offsets (UTF-16 code units) where `text` may break between two words. Only boundaries
 * between two Han characters, or a Han character and a figure, are kept (spaces and punctuation
 * already allow a break, a Latin word is never cut, and a figure keeps its unit), and none between
 * two chunks of one character each: that is where the model splits a two-character word (数|字,
 * 审|批, 人|数), which then stays whole. A long phrase may also break between its words. Every
 * boundary kept is one between two words of the dictionary (`betweenWords`): where the model's
 * phrases cut a word (分|开持|有, 按策|略划|分资金), the boundary moves to the end of that word
 * (分开持有, 按策略|划分|资金). The model reads the text without the breaks the text offers
 * already, and a boundary where one is offered is dropped. */
export function wordBoundaries(text) {
  // Where each character of the text without offered breaks is in the text.
  const at = [];
  let plain = "";
  for (let offset = 0; offset < text.length; offset++) {
    if (text[offset] === BETWEEN_WORDS) continue;
    at.push(offset);
    plain += text[offset];
  }
  at.push(text.length);
  // Between two words of the dictionary, where the text offers no break yet.
  const words = new Set(betweenWords(plain));
  const between = (offset) => words.has(offset);
  const free = (offset) => text[at[offset] - 1] !== BETWEEN_WORDS;
  // A boundary of the model inside a word of the dictionary moves to the end of that word.
  const segmentEnds = [...segmenter.segment(plain)].map(({ index, segment }) => index + segment.length);
  const atWordEnd = (offset) => segmentEnds.find((end) => end >= offset) ?? plain.length;
  // The model's phrase boundaries, each at the end of a word.
  const phrases = new Set([0, plain.length]);
  let offset = 0;
  const chunks = parser.parse(plain);
  chunks.forEach((chunk, i) => {
    offset += chunk.length;
    const next = chunks[i + 1];
    if (next && !([...chunk].length === 1 && [...next].length === 1)) phrases.add(atWordEnd(offset));
  });
  const phraseStarts = [...phrases].sort((a, b) => a - b);
  // A long phrase may break between its words too.
  const boundaries = new Set(phraseStarts.slice(1, -1));
  phraseStarts.slice(0, -1).forEach((start, i) => {
    const phrase = plain.slice(start, phraseStarts[i + 1]);
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
