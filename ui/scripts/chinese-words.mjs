// Where Chinese text may break between words, for scripts/line-breaks.mjs (the zero width spaces of
// page text) and scripts/word-breaks.mjs (the <wbr> of headings): the words of the dictionary
// browsers break text with (`Intl.Segmenter`, ICU's), and for a heading the phrases of BudouX's
// Simplified Chinese model, never cutting a word.

import { loadDefaultSimplifiedChineseParser } from "budoux";

const parser = loadDefaultSimplifiedChineseParser();
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const HAN = /\p{Script=Han}/u;
const DIGIT = /\d/;
/** Chinese punctuation after which a line may break. */
const BREAK_AFTER = /[、，；：。？！]/u;
/** A Latin letter or a figure. */
const LATIN_OR_FIGURE = /[A-Za-z0-9]/;

/** Terms of the site the dictionary splits that read as one (数字|资产, 机构|客户, 冷|钱包, 白|名单,
 * 贵|机构, the addresses' 邮|编 and 红|隼), and units of amounts (万|美元), kept whole like its
 * words. */
const TERMS = [
  "数字资产",
  "机构客户",
  "冷钱包",
  "温钱包",
  "热钱包",
  "白名单",
  "贵机构",
  "邮编",
  "红隼",
  "万美元",
  "亿美元",
  "万港元",
  "亿港元",
];
/** Particles and conjunctions a line never starts with: when the dictionary has one as a word of
 * its own (客户|的, 托管|与), it stays with the word before it. */
const NO_LINE_START = /^[的了和与]$/u;

/** A bracketed phrase this short or shorter is kept whole. */
export const SHORT_BRACKETS = /（[^（）]{1,6}）/g;

/** A phrase of the model this long or longer may also break between its words, so that a narrow
 * column can still take it without cutting a word. */
const LONG_PHRASE = 6;

/** The offsets (UTF-16 code units) of Chinese `text` where a line may break between two words of
 * the dictionary: between two Han characters, or a Han character and a figure after it (年|8月),
 * never between a figure and its unit (8|月), inside a term of the site or a short bracketed
 * phrase, nor before a particle (`NO_LINE_START`); and after Chinese punctuation before a Latin
 * word or a figure (BTC、|ETH), which WebKit does not break at under `keep-all` (it broke a list of
 * symbols before a 、 instead). Spaces, and punctuation before Chinese, allow a break already. */
export function betweenWords(text) {
  const kept = new Set();
  const keepWhole = (start, length) => {
    for (let at = start + 1; at < start + length; at++) kept.add(at);
  };
  for (const term of TERMS)
    for (const match of text.matchAll(new RegExp(term, "g"))) keepWhole(match.index, term.length);
  for (const match of text.matchAll(SHORT_BRACKETS)) keepWhole(match.index, match[0].length);
  const offsets = [];
  for (const { index, segment } of segmenter.segment(text)) {
    if (index === 0 || kept.has(index) || NO_LINE_START.test(segment)) continue;
    if (HAN.test(text[index - 1]) && (HAN.test(text[index]) || DIGIT.test(text[index]))) offsets.push(index);
    else if (BREAK_AFTER.test(text[index - 1]) && LATIN_OR_FIGURE.test(text[index])) offsets.push(index);
  }
  return offsets;
}

/** The offsets of Chinese `text` where a heading may break: between BudouX's phrases, and in a long
 * phrase between its words, each one between two words (`betweenWords`). None between two chunks
 * of one character each: that is where the model splits a two-character word (数|字, 审|批), which
 * then stays whole; where a phrase cuts a word (分|开持|有, 按策|略划|分资金), the boundary moves to
 * the end of that word (分开持有, 按策略|划分|资金). */
export function betweenPhrases(text) {
  const words = new Set(betweenWords(text));
  const segmentEnds = [...segmenter.segment(text)].map(({ index, segment }) => index + segment.length);
  const atWordEnd = (offset) => segmentEnds.find((end) => end >= offset) ?? text.length;
  const phrases = new Set([0, text.length]);
  let offset = 0;
  const chunks = parser.parse(text);
  chunks.forEach((chunk, i) => {
    offset += chunk.length;
    const next = chunks[i + 1];
    if (next && !([...chunk].length === 1 && [...next].length === 1)) phrases.add(atWordEnd(offset));
  });
  const starts = [...phrases].sort((a, b) => a - b);
  const boundaries = new Set(starts.slice(1, -1));
  starts.slice(0, -1).forEach((start, i) => {
    const phrase = text.slice(start, starts[i + 1]);
    if ([...phrase].length < LONG_PHRASE) return;
    for (const { index } of segmenter.segment(phrase)) if (index > 0) boundaries.add(start + index);
  });
  return [...boundaries].filter((boundary) => words.has(boundary)).sort((a, b) => a - b);
}
