import { pageWindow } from "../components/pageWindow";
import {
  type Template,
  compile,
  differ,
  element,
  fail,
  replaceAll,
  startTag,
  token,
  withChoices,
} from "./compile";
import type { Parts } from "./parts";

/** A page shown by the pagination probe: a number no copy writes, so that it is found again. */
export const PROBE_PAGE = 5000005;
/** The pages there are in the pagination probe. */
export const PROBE_PAGES = 9000009;
/** The records there are in a probe. */
export const PROBE_TOTAL = 90000090;

/** The address of page `n` in a probe: a token of its number. */
export const probeHref = (n: number) => token(`href:${n}`);

/** The templates of the pagination (src/components/Pagination.tsx): the frame of a single page and
 * of several (the total line, previous and next, the items between them), and the items: a page
 * number, the current page, a gap. */
export interface PagerTemplates {
  single: Template;
  multi: Template;
  number: Template;
  current: Template;
  gap: Template;
}

/** The items of a pagination's list, and the pagination with its list's content cut out. */
function items(html: string): { frame: string; items: string[] } {
  const [start, end] = element(html, "<ul", "</ul>");
  const list = html.slice(start, end);
  const content = list.slice(list.indexOf(">") + 1, -"</ul>".length);
  const found = content
    .split("</li>")
    .slice(0, -1)
    .map((item) => `${item}</li>`);
  if (found.join("") !== content) fail("the pagination's list is not a run of items");
  const frame = html.slice(0, start) + startTag(list) + token("list") + "</ul>" + html.slice(end);
  return { frame, items: found };
}

/** The pagination's templates, cut from renders of the component. */
export function pagerTemplates(parts: Parts): { templates: PagerTemplates; startTag: string } {
  const [P, Q, T] = [PROBE_PAGE, PROBE_PAGES, PROBE_TOTAL];
  const window = pageWindow(P, Q);
  if (window.join() !== [1, null, P - 1, P, P + 1, null, Q].join()) fail("unexpected page window");
  const render = (page: number, pageCount: number, total: number) =>
    parts.pagination(page, pageCount, total, probeHref);

  const middle = items(render(P, Q, T));
  const first = items(render(1, Q, T));
  const last = items(render(Q, Q, T));
  const at = (list: string[], index: number) => list.at(index) ?? fail(`no item ${index}`);
  const linked = (item: string, n: number) => replaceAll(item, probeHref(n), token("href"), 1);
  const numbered = (item: string, n: number) => replaceAll(linked(item, n), String(n), token("n"));

  // The total line: the count of records (a choice of one or more, the number a hole), the page
  // and the count of pages.
  const total = (html: string) => replaceAll(html, parts.count(T), token("total"), 1);
  const frame = (html: string) => {
    const list = items(html).frame;
    return replaceAll(replaceAll(list, String(P), token("page"), 1), String(Q), token("pageCount"), 1);
  };
  const several = total(frame(render(P, Q, T)));
  const count = differ(several, { other: several, one: frame(render(P, Q, 1)) });
  const multi = replaceAll(
    withChoices(several, [{ name: "count", ...count, options: count.alternatives }]),
    token("list"),
    token("prev") + token("items") + token("next"),
    1,
  );

  const lone = render(1, 1, T);
  if (lone.includes("<ul")) fail("a single page has a list");
  const alone = total(lone);
  const singleCount = differ(alone, { other: alone, one: render(1, 1, 1) });
  const single = withChoices(alone, [{ name: "count", ...singleCount, options: singleCount.alternatives }]);

  const choices: Record<string, Record<string, string>> = {
    prev: { link: linked(at(middle.items, 0), P - 1), disabled: at(first.items, 0) },
    next: { link: linked(at(middle.items, -1), P + 1), disabled: at(last.items, -1) },
  };
  return {
    startTag: startTag(lone),
    templates: {
      single: compile(single, { count: singleCount.alternatives }),
      multi: compile(multi, { ...choices, count: count.alternatives }),
      number: compile(numbered(at(middle.items, 7), Q)),
      current: compile(numbered(at(middle.items, 4), P)),
      gap: compile(at(middle.items, 2)),
    },
  };
}
