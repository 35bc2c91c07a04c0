/**
 * Templates made from the components' own markup, for the server to fill when it answers a query
 * string (crates/site/src/render/queried/): a component is rendered with tokens where the server
 * puts values, and renders that differ in one thing only (a flag, a page size, an outcome) are
 * compared to find the one place where they differ, which becomes a choice between them. No
 * markup is written here; everything is cut from renders.
 */

/** A part of a template: text, a hole the server fills with a value, or a choice between
 * templates the server picks by name. */
export type Part = string | { hole: string } | { choice: string; of: Record<string, Template> };

/** Markup with holes and choices, in order. */
export type Template = Part[];

const OPEN = "\uE000";
const CLOSE = "\uE001";

/** A hole's token: its name between two private-use characters, which no copy or component
 * writes, so that it is found again in any render (text or attribute alike). */
export function token(name: string): string {
  return `${OPEN}${name}${CLOSE}`;
}

/** The tokens of a render. */
const TOKENS = new RegExp(`${OPEN}([^${OPEN}${CLOSE}]*)${CLOSE}`, "g");

/** Fails the build with what was expected of a render. */
export function fail(what: string): never {
  throw new Error(`templates: ${what}`);
}

/** `html` with every `literal` replaced by `replacement`, which must occur `count` times (any
 * number from 1 when `count` is omitted). */
export function replaceAll(html: string, literal: string, replacement: string, count?: number): string {
  const parts = html.split(literal);
  const found = parts.length - 1;
  if (count === undefined ? found < 1 : found !== count) {
    fail(`expected ${count ?? "at least one"} of ${JSON.stringify(literal)}, found ${found}`);
  }
  return parts.join(replacement);
}

/** Where an element lies in `html`: from the start of `startTag` (which must occur once) to the end
 * of the first `endTag` after it. */
export function element(html: string, startTag: string, endTag: string): [number, number] {
  const start = html.indexOf(startTag);
  if (start < 0 || html.indexOf(startTag, start + 1) >= 0) fail(`expected one ${startTag}`);
  const end = html.indexOf(endTag, start);
  if (end < 0) fail(`no ${endTag} after ${startTag}`);
  return [start, end + endTag.length];
}

/** Where the element around `inner` lies: from the last `open` before it to the end of the first
 * `endTag` after it (an element that never nests, such as a row or an item of a list), which
 * must hold every occurrence of `inner`. */
export function around(html: string, inner: string, open: string, endTag: string): [number, number] {
  const at = html.indexOf(inner);
  const start = html.lastIndexOf(open, at);
  const end = html.indexOf(endTag, at) + endTag.length;
  if (at < 0 || start < 0 || end < endTag.length)
    fail(`no ${open}…${endTag} around ${JSON.stringify(inner)}`);
  if (html.slice(0, start).includes(inner) || html.slice(end).includes(inner)) {
    fail(`${JSON.stringify(inner)} occurs outside its element`);
  }
  return [start, end];
}

/** `html` with `[start, end)` replaced by `replacement`. */
export function splice(html: string, [start, end]: [number, number], replacement: string): string {
  return html.slice(0, start) + replacement + html.slice(end);
}

/** The start tag a render opens with (its root element's). */
export function startTag(html: string): string {
  return html.slice(0, html.indexOf(">") + 1);
}

/** Where renders that differ in one thing differ: `base`'s region `[start, end)`, and each render's
 * text in that region (everything before and after it is the same in all of them). */
export function differ<K extends string>(
  base: string,
  variants: Record<K, string>,
): { start: number; end: number; alternatives: Record<K, string> } {
  let start = base.length;
  let after = base.length;
  for (const variant of Object.values<string>(variants)) {
    const shortest = Math.min(base.length, variant.length);
    let prefix = 0;
    while (prefix < shortest && base[prefix] === variant[prefix]) prefix++;
    let suffix = 0;
    while (suffix < shortest - prefix && base.at(-1 - suffix) === variant.at(-1 - suffix)) suffix++;
    if (prefix === base.length && prefix === variant.length) continue;
    start = Math.min(start, prefix);
    after = Math.min(after, suffix);
  }
  if (start === base.length && after === base.length) fail("renders expected to differ are the same");
  const alternatives = {} as Record<K, string>;
  for (const [key, variant] of Object.entries<string>(variants)) {
    alternatives[key as K] = variant.slice(start, variant.length - after);
  }
  return { start, end: base.length - after, alternatives };
}

/** A choice found by [`differ`]: where it lies in the base render and the text of each option. */
export interface Choice {
  name: string;
  start: number;
  end: number;
  options: Record<string, string>;
}

/** `base` with each choice's region replaced by its token; the regions may not overlap. */
export function withChoices(base: string, choices: Choice[]): string {
  const sorted = [...choices].sort((a, b) => b.start - a.start);
  let html = base;
  let limit = base.length;
  for (const choice of sorted) {
    if (choice.end > limit) fail(`the choice ${choice.name} overlaps another`);
    html = splice(html, [choice.start, choice.end], token(choice.name));
    limit = choice.start;
  }
  return html;
}

/** The template of `html`: a token that names one of `choices` becomes that choice (its options
 * compiled alike), any other token a hole. */
export function compile(html: string, choices: Record<string, Record<string, string>> = {}): Template {
  const parts: Template = [];
  let last = 0;
  for (const match of html.matchAll(TOKENS)) {
    const name = match[1] ?? "";
    if (match.index > last) parts.push(html.slice(last, match.index));
    const options = Object.hasOwn(choices, name) ? choices[name] : undefined;
    if (options) {
      const of: Record<string, Template> = {};
      for (const [key, option] of Object.entries(options)) {
        if (option.includes(token(name))) fail(`the choice ${name} holds itself`);
        of[key] = compile(option, choices);
      }
      parts.push({ choice: name, of });
    } else {
      parts.push({ hole: name });
    }
    last = match.index + match[0].length;
  }
  if (last < html.length) parts.push(html.slice(last));
  if (parts.some((part) => typeof part === "string" && (part.includes(OPEN) || part.includes(CLOSE)))) {
    fail("a token was cut in half");
  }
  return parts;
}
