// Where the Chinese headings of a prerendered page may break, for ui/scripts/build.mjs: BudouX's
// Simplified Chinese model finds the word boundaries of each heading text at build time, so the
// browser gets the offsets in the page data (src/components/Words.tsx draws a <wbr> at each) and
// never the segmenter itself.

import { loadDefaultSimplifiedChineseParser } from "budoux";
import { parse } from "node-html-parser";

const parser = loadDefaultSimplifiedChineseParser();
const HAN = /\p{Script=Han}/u;

/** The offsets (UTF-16 code units) where `text` may break between two words. Only boundaries
 * between two Han characters are kept (spaces and punctuation already allow a break, and a Latin
 * word is never cut), and none between two chunks of one character each: that is where the model
 * splits a two-character word (数|字, 审|批, 人|数), which then stays whole. */
export function wordBoundaries(text) {
  const chunks = parser.parse(text);
  const offsets = [];
  let offset = 0;
  for (let i = 0; i < chunks.length - 1; i++) {
    offset += chunks[i].length;
    const pair = [...chunks[i]].length === 1 && [...chunks[i + 1]].length === 1;
    if (!pair && HAN.test(text[offset - 1]) && HAN.test(text[offset])) offsets.push(offset);
  }
  return offsets;
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
