// Where the text of a page may not break, marked in its data at build time (ui/scripts/build.mjs):
// the prerender draws the marked text, and the server hands the browser the same marks for the
// page data it serves (crates/site/src/render/line_breaks.rs), so hydration finds what was served
// and no script runs for it in the browser.
//
// - Chinese: no line break inside a word of the dictionary browsers break text with
//   (`Intl.Segmenter`, ICU's, whose words are joined by WORD JOINERs), nor inside a term of the
//   site or a short bracketed phrase; a figure keeps the unit after it (a no-break space).
// - English: "Hong Kong", "USD 50 million" and a signing threshold ("3-of-5") keep together; in
//   headings a hyphenated compound (e-commerce, set-up, wallet-as-a-service) does not break at its
//   hyphens.

/** Lets no line break on either side of it; drawn as nothing. */
const JOINER = "\u2060";
const NO_BREAK_SPACE = "\u00a0";
const HAN = /\p{Script=Han}/u;

/** The keys of the page data whose strings are headings (h1 to h4); the server knows them too. */
export const HEADING_KEYS = new Set(["heading", "title", "need"]);
/** The keys whose strings are addresses or names for code, never text to read. */
export const CODE_KEYS = new Set(["href", "path", "url", "requestPath", "id", "page", "lang", "src"]);

/** Terms the dictionary splits that read as one, kept whole like its words. */
const TERMS = ["数字资产"];

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** `text` with a joiner between its characters. */
const whole = (text) => [...text.replaceAll(JOINER, "")].join(JOINER);

/** Chinese `text` with its words, terms and short bracketed phrases kept whole, and each figure
 * with the unit after it. */
function chinese(text) {
  let out = "";
  for (const { segment } of segmenter.segment(text))
    out += segment.length > 1 && HAN.test(segment) ? whole(segment) : segment;
  for (const term of TERMS) out = out.replace(new RegExp([...term].join(`${JOINER}?`), "g"), whole(term));
  return out.replace(/（[^（）]{1,10}）/g, whole).replace(/(\d) (?=\p{Script=Han})/gu, `$1${NO_BREAK_SPACE}`);
}

/** `text`, a heading's or not, with the breaks it may not take marked. */
export function markBreaks(text, heading = false) {
  let out = text
    .replace(/Hong Kong|USD \d[\d,.]* (?:million|billion)/g, (phrase) =>
      phrase.replaceAll(" ", NO_BREAK_SPACE),
    )
    .replace(/\b\d+-of-\d+\b/g, (threshold) => threshold.replaceAll("-", `${JOINER}-${JOINER}`));
  if (heading) out = out.replace(/(\p{L})-(?=\p{L})/gu, `$1${JOINER}-${JOINER}`);
  return HAN.test(out) ? chinese(out) : out;
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
