// Where the text of a page may break, marked in its data at build time (ui/scripts/build.mjs):
// the prerender draws the marked text, and the server hands the browser the same marks for the
// page data it serves (crates/site/src/render/line_breaks.rs), so hydration finds what was served
// and no script runs for it in the browser.
//
// - Chinese is set with `word-break: keep-all` (src/styles/global.css): no engine breaks between
//   two of its characters unless the text offers a break there. The build offers one (a ZERO WIDTH
//   SPACE) only between two words of the dictionary browsers break text with (`Intl.Segmenter`,
//   ICU's), never inside a word, a term of the site or a short bracketed phrase; a heading's text
//   only between the phrases of BudouX's model (scripts/chinese-words.mjs). A figure keeps the unit
//   after it (a no-break space), and a particle or conjunction (的, 了, 和, 与) the word, space or
//   closing bracket before it (a no-break space, a WORD JOINER): no line starts with one.
// - English: "Hong Kong", "USD 50 million" keep together (no-break spaces), and a signing
//   threshold ("3-of-5") and, in headings, a hyphenated compound (e-commerce, set-up,
//   wallet-as-a-service) do not break at their hyphens (NON-BREAKING HYPHENs); a heading's line
//   never ends with a short word such as "to" or "the" (a no-break space after it). An email
//   address may break after its @ (a zero width space), where a narrow column cannot hold it.

import { betweenPhrases, betweenWords, SHORT_BRACKETS } from "./chinese-words.mjs";

/** A break opportunity between two words; drawn as nothing. */
const BETWEEN_WORDS = "\u200b";
const NO_BREAK_SPACE = "\u00a0";
/** Joins the characters on either side, drawn as nothing. */
const WORD_JOINER = "\u2060";
const NO_BREAK_HYPHEN = "\u2011";
const HAN = /\p{Script=Han}/u;

/** A short English word a heading's line never ends with (an article, a preposition): it goes to
 * the next line with the word after it ("Only to / whitelisted addresses" becomes "Only to
 * whitelisted / addresses", or one line), unless that word is long or a compound, which a narrow
 * phone could not then hold ("the wallet-as-a-service"). */
const SHORT_WORD_BEFORE = /\b(a|an|the|to|of|in|on|at|by|for) (?=\p{L}{1,12}(?![\p{L}\u2011-]))/giu;

/** A space, and a closing bracket or quotation mark, before a particle or conjunction. */
const PARTICLE_AFTER_SPACE = / (?=[的了和与])/gu;
const PARTICLE_AFTER_CLOSING = /([\p{Pe}\p{Pf}])(?=[的了和与])/gu;

/** The keys of the page data whose strings are headings (h1 to h4); the server knows them too. */
export const HEADING_KEYS = new Set(["heading", "title", "need"]);
/** The keys whose strings are addresses or names for code, never text to read. */
export const CODE_KEYS = new Set(["href", "path", "url", "requestPath", "id", "page", "lang", "src"]);

/** Chinese `text` with a break offered between its words (a heading's between its phrases), a
 * short bracketed phrase kept whole at its spaces too, each figure with its unit, and a particle
 * or conjunction kept with the word, bracket or quotation before it (scripts/chinese-words.mjs
 * offers no break before one that stands alone between two words). */
function chinese(text, heading) {
  const plain = text.replaceAll(BETWEEN_WORDS, "");
  let out = "";
  let start = 0;
  for (const offset of heading ? betweenPhrases(plain) : betweenWords(plain)) {
    out += plain.slice(start, offset) + BETWEEN_WORDS;
    start = offset;
  }
  out += plain.slice(start);
  return out
    .replace(SHORT_BRACKETS, (phrase) => phrase.replaceAll(" ", NO_BREAK_SPACE))
    .replace(/(\d) (?=\p{Script=Han})/gu, `$1${NO_BREAK_SPACE}`)
    .replace(PARTICLE_AFTER_SPACE, NO_BREAK_SPACE)
    .replace(PARTICLE_AFTER_CLOSING, `$1${WORD_JOINER}`);
}

/** `text`, a heading's or not, with the breaks it may take offered and those it may not marked. */
export function markBreaks(text, heading = false) {
  let out = text
    .replace(/Hong Kong|USD \d[\d,.]* (?:million|billion)/g, (phrase) =>
      phrase.replaceAll(" ", NO_BREAK_SPACE),
    )
    .replace(/\b\d+-of-\d+\b/g, (threshold) => threshold.replaceAll("-", NO_BREAK_HYPHEN));
  if (heading)
    out = out
      .replace(/(\p{L})-(?=\p{L})/gu, `$1${NO_BREAK_HYPHEN}`)
      .replace(SHORT_WORD_BEFORE, `$1${NO_BREAK_SPACE}`);
  // After the Chinese words, whose marking starts from the text without zero width spaces.
  return (HAN.test(out) ? chinese(out, heading) : out).replace(
    /(?<!mailto:[^\s()]*)(\w)@(?=\w)/g,
    `$1@${BETWEEN_WORDS}`,
  );
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
