// Where the text of a page may break, marked in its data at build time (ui/scripts/build.mjs):
// the prerender draws the marked text, and the server hands the browser the same marks for the
// page data it serves (crates/site/src/render/line_breaks.rs), so hydration finds what was served
// and no script runs for it in the browser.
//
// - Chinese is set with `word-break: keep-all` (src/styles/global.css): no engine breaks between
//   two of its characters unless the text offers a break there. The build offers one (a ZERO WIDTH
//   SPACE) only between two words of the dictionary browsers break text with (`Intl.Segmenter`,
//   ICU's), never inside a word, a term of the site or a short bracketed phrase; a figure keeps the
//   unit after it (a no-break space). A heading gets its breaks from its markup instead: a <wbr>
//   between the phrases of BudouX's model (scripts/word-breaks.mjs).
// - English: "Hong Kong", "USD 50 million" keep together (no-break spaces), and a signing
//   threshold ("3-of-5") and, in headings, a hyphenated compound (e-commerce, set-up,
//   wallet-as-a-service) do not break at their hyphens (NON-BREAKING HYPHENs).

/** A break opportunity between two words; drawn as nothing. */
const BETWEEN_WORDS = "\u200b";
const NO_BREAK_SPACE = "\u00a0";
const NO_BREAK_HYPHEN = "\u2011";
const HAN = /\p{Script=Han}/u;
const DIGIT = /\d/;

/** The keys of the page data whose strings are headings (h1 to h4); the server knows them too. */
export const HEADING_KEYS = new Set(["heading", "title", "need"]);
/** The keys whose strings are addresses or names for code, never text to read. */
export const CODE_KEYS = new Set(["href", "path", "url", "requestPath", "id", "page", "lang", "src"]);

/** Terms of the site the dictionary splits that read as one (数字|资产, 冷|钱包, 白|名单, 贵|机构),
 * and units of amounts (万|美元), kept whole like its words. */
const TERMS = [
  "数字资产",
  "冷钱包",
  "温钱包",
  "热钱包",
  "白名单",
  "贵机构",
  "万美元",
  "亿美元",
  "万港元",
  "亿港元",
];
/** A bracketed phrase this short or shorter is kept whole. */
const SHORT_BRACKETS = /（[^（）]{1,10}）/g;

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** The offsets (UTF-16 code units) of Chinese `text` where a line may break between two words of
 * the dictionary: between two Han characters, or a Han character and a figure after it (年|8月),
 * never between a figure and its unit (8|月), nor inside a term of the site or a short bracketed
 * phrase. Spaces and punctuation allow a break already. */
export function betweenWords(text) {
  const kept = new Set();
  const keepWhole = (start, length) => {
    for (let at = start + 1; at < start + length; at++) kept.add(at);
  };
  for (const term of TERMS)
    for (const match of text.matchAll(new RegExp(term, "g"))) keepWhole(match.index, term.length);
  for (const match of text.matchAll(SHORT_BRACKETS)) keepWhole(match.index, match[0].length);
  const offsets = [];
  for (const { index } of segmenter.segment(text)) {
    if (index === 0 || kept.has(index)) continue;
    if (HAN.test(text[index - 1]) && (HAN.test(text[index]) || DIGIT.test(text[index]))) offsets.push(index);
  }
  return offsets;
}

/** Chinese `text` with a break offered between its words (none in a heading, whose markup offers
 * them), a short bracketed phrase kept whole at its spaces too, and each figure with its unit. */
function chinese(text, heading) {
  let out = text;
  if (!heading) {
    const plain = text.replaceAll(BETWEEN_WORDS, "");
    out = "";
    let start = 0;
    for (const offset of betweenWords(plain)) {
      out += plain.slice(start, offset) + BETWEEN_WORDS;
      start = offset;
    }
    out += plain.slice(start);
  }
  return out
    .replace(SHORT_BRACKETS, (phrase) => phrase.replaceAll(" ", NO_BREAK_SPACE))
    .replace(/(\d) (?=\p{Script=Han})/gu, `$1${NO_BREAK_SPACE}`);
}

/** `text`, a heading's or not, with the breaks it may take offered and those it may not marked. */
export function markBreaks(text, heading = false) {
  let out = text
    .replace(/Hong Kong|USD \d[\d,.]* (?:million|billion)/g, (phrase) =>
      phrase.replaceAll(" ", NO_BREAK_SPACE),
    )
    .replace(/\b\d+-of-\d+\b/g, (threshold) => threshold.replaceAll("-", NO_BREAK_HYPHEN));
  if (heading) out = out.replace(/(\p{L})-(?=\p{L})/gu, `$1${NO_BREAK_HYPHEN}`);
  return HAN.test(out) ? chinese(out, heading) : out;
}

/**
 * A page's data with its text marked, each string changed recorded in `marks` (`heading` for the
 * strings of heading keys, `text` for the rest) for the server to mark the data it serves the same
 * way. A string of an object is under its key; one of an array under none.
 * @param {unknown} data
 * @param {{ text: Record<string, string>, heading: Record<string, string> }} marks
 */
export function markData(data, marks, key = null) {
  if (typeof data === "string") {
    if (key !== null && CODE_KEYS.has(key)) return data;
    const heading = key !== null && HEADING_KEYS.has(key);
    const marked = markBreaks(data, heading);
    if (marked !== data) (heading ? marks.heading : marks.text)[data] = marked;
    return marked;
  }
  if (Array.isArray(data)) return data.map((item) => markData(item, marks));
  if (data && typeof data === "object")
    return Object.fromEntries(
      Object.entries(data).map(([name, value]) => [name, markData(value, marks, name)]),
    );
  return data;
}
