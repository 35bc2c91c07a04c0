import type { SearchAnswer, SearchHit } from "../components/search";
import type { Served } from "../components/served";
import type { PageData } from "../lib/types";
import {
  type Choice,
  type Template,
  compile,
  differ,
  element,
  fail,
  replaceAll,
  splice,
  token,
  withChoices,
} from "./compile";
import type { Parts, RenderPage } from "./parts";

/** A search page as templates: the whole body with the query a hole and the outcome a choice (no
 * match, one, more; for the announcements also the list without a query), and one item of the
 * result list. */
export interface SearchTemplates {
  frame: Template;
  item: Template;
}

/** How many items match in the probe: a number no copy writes. */
export const PROBE_MATCHES = 70000007;
/** The date of the probe's items. */
export const PROBE_DATE = "2031-07-15";

/** The probe's results: one with a date and a category, one without a date, one without a
 * category, each told apart by its title's token. */
function probeHits(): SearchHit[] {
  const title = (n: number) => [{ text: token(`title${n}`), match: false }];
  const common = { url: token("url"), excerpt: [{ text: token("text"), match: false }] };
  return [
    { ...common, title: title(0), date: PROBE_DATE, category: token("category") },
    { ...common, title: title(1), category: token("category") },
    { ...common, title: title(2), date: PROBE_DATE },
  ];
}

/** The templates of a search page (`/faq/search` or `/announcements`), cut from renders of it. */
export async function searchTemplates(
  render: RenderPage,
  page: PageData,
  parts: Parts,
  pagerStart: string,
): Promise<SearchTemplates> {
  const hits = probeHits();
  const listStart = parts.resultListStart();
  const query = token("query");
  const answer = (total: number, results: SearchHit[]): SearchAnswer => ({ query, total, results });
  const served = (shown: SearchAnswer | null): Served => ({
    kind: "search",
    query: shown ? query : "",
    page: 1,
    answer: shown,
  });

  /** A render with the list's items and the pagination cut out (their tokens in their place). */
  const cut = (html: string) => {
    let items: string[] = [];
    let rest = html;
    if (rest.includes(listStart)) {
      const [start, end] = element(rest, listStart, "</ol>");
      const content = rest.slice(start + listStart.length, end - "</ol>".length);
      items = content
        .split("</li>")
        .slice(0, -1)
        .map((item) => `${item}</li>`);
      if (items.join("") !== content) fail("the result list is not a run of items");
      rest = splice(rest, [start, end], listStart + token("items") + "</ol>");
    }
    if (rest.includes(pagerStart)) rest = splice(rest, element(rest, pagerStart, "</nav>"), token("pager"));
    return { html: rest, items };
  };

  const many = cut(await render(page, served(answer(PROBE_MATCHES, hits))));
  const outcomes: Record<string, string> = {
    many: replaceAll(many.html, parts.count(PROBE_MATCHES), token("total"), 1),
    one: cut(await render(page, served(answer(1, hits)))).html,
    none: cut(await render(page, served(answer(0, [])))).html,
  };
  if (page.data.kind === "announcements") {
    const first = page.data.items[0] ?? fail("no announcement to list");
    const listed = { ...page, data: { ...page.data, items: Array<typeof first>(6).fill(first) } };
    outcomes.list = cut(await render(listed, served(null))).html;
  }
  const base = outcomes.many ?? fail("no render");
  const outcome = differ(base, outcomes);
  const choices: Choice[] = [{ name: "outcome", ...outcome, options: outcome.alternatives }];
  return {
    frame: compile(withChoices(base, choices), { outcome: outcome.alternatives }),
    item: itemTemplate(many.items, parts),
  };
}

/** One item of the result list: the first probe item, with its date and its category each a
 * choice, found against the items that lack them. */
function itemTemplate(items: string[], parts: Parts): Template {
  const titled = (item: string | undefined, n: number) =>
    replaceAll(item ?? fail(`no probe item ${n}`), token(`title${n}`), token("title"), 1);
  const dated = (item: string) => replaceAll(item, parts.date(PROBE_DATE), token("time"), 1);
  const base = dated(titled(items[0], 0));
  const date = differ(base, { some: base, none: titled(items[1], 1) });
  const category = differ(base, { some: base, none: dated(titled(items[2], 2)) });
  const choices: Choice[] = [
    { name: "dated", ...date, options: date.alternatives },
    { name: "categorized", ...category, options: category.alternatives },
  ];
  return compile(withChoices(base, choices), {
    dated: date.alternatives,
    categorized: category.alternatives,
  });
}
