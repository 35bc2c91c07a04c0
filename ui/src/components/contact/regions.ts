import type { Lang } from "../../lib/types";

/** A choice of a searchable list: a country or region, or an area code. */
export interface RegionOption {
  /** The ISO 3166-1 alpha-2 code, sent as the answer. */
  value: string;
  /** The name in the page's language. */
  name: string;
  /** `+65` for an area code, empty for a country. */
  dialling: string;
  /** Folded texts a query is matched against: names, code, and dialling digits. */
  terms: string[];
}

/** The locale the browser names regions in for the page's language. */
const displayLocale = (lang: Lang) => (lang === "zh" ? "zh-Hans" : "en");

/** Lower case without diacritics, full-width forms or typographic apostrophes, for matching. */
export function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[’‘]/g, "'").toLowerCase();
}

/** Region choices with names in the page's language (and English for search), sorted by name
 * the way the language sorts. Runs in the browser only: names come from its `Intl` data. */
function regionOptions(entries: [string, number | null][], lang: Lang): RegionOption[] {
  const local = new Intl.DisplayNames([displayLocale(lang)], { type: "region" });
  const english = new Intl.DisplayNames(["en"], { type: "region" });
  const collator = new Intl.Collator(displayLocale(lang));
  return entries
    .map(([value, code]) => {
      const name = local.of(value) ?? value;
      const terms = [fold(name), fold(english.of(value) ?? value), value.toLowerCase()];
      if (code !== null) terms.push(String(code));
      return { value, name, dialling: code === null ? "" : `+${code}`, terms };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Every country or region, by name. */
export function countryOptions(codes: string[], lang: Lang): RegionOption[] {
  return regionOptions(
    codes.map((code) => [code, null]),
    lang,
  );
}

/** Every area code with its country or region, by name. */
export function areaCodeOptions(callingCodes: [string, number][], lang: Lang): RegionOption[] {
  return regionOptions(callingCodes, lang);
}

/** How well `option` matches the folded `query`: 0 best, `null` not at all. Digits (with or
 * without `+`) match the start of a calling code; text matches an exact ISO code first, then the
 * start of a name, the start of a word in a name, and anywhere in a name. */
function rank(option: RegionOption, query: string): number | null {
  const [local = "", english = "", iso = "", code] = option.terms;
  const digits = /^\+?\s*(\d+)$/.exec(query)?.[1];
  if (digits !== undefined) return code?.startsWith(digits) ? 0 : null;
  const names = [local, english];
  if (iso === query) return 0;
  if (names.some((name) => name.startsWith(query))) return 1;
  if (names.some((name) => name.split(/[\s\-(),.'&]+/).some((word) => word.startsWith(query)))) return 2;
  if (names.some((name) => name.includes(query))) return 3;
  return null;
}

/** The options that match what was typed, best matches first, otherwise in list order; every
 * option for an empty query. Case, diacritics and full-width forms are ignored. */
export function matchOptions(options: RegionOption[], typed: string): RegionOption[] {
  const query = fold(typed.trim());
  if (!query) return options;
  return options
    .map((option, index) => ({ option, index, rank: rank(option, query) }))
    .filter((match): match is { option: RegionOption; index: number; rank: number } => match.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((match) => match.option);
}
