// Where the Chinese headings of a prerendered page may break, for ui/scripts/build.mjs: BudouX's
// Simplified Chinese model finds the phrases of each heading text at build time (a heading of the
// page data carries them as zero width spaces already, scripts/line-breaks.mjs; this finds those of
// other text, a catalog's message), so the browser gets the offsets in the page data
// (src/components/Words.tsx draws a <wbr> at each) and never the model itself.

import { parse } from "node-html-parser";
import { betweenPhrases } from "./chinese-words.mjs";

const HAN = /\p{Script=Han}/u;

/** A break between two words that scripts/line-breaks.mjs offered in the text already. */
const BETWEEN_WORDS = "\u200b";

/** The offsets (UTF-16 code units) where the Chinese `text` of a heading may break between BudouX's
 * phrases (`betweenPhrases`), where the text offers no break yet. The phrases are found in the
 * text without the breaks it offers. */
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
  return betweenPhrases(plain)
    .map((boundary) => at[boundary])
    .filter((offset) => text[offset - 1] !== BETWEEN_WORDS);
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
