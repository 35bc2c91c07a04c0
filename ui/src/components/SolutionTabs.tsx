import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "preact/hooks";
import { solutionLinks } from "../app/nav";
import { localize, splitLang } from "../lib/paths";
import type { PageData } from "../lib/types";
import "../styles/solution-tabs.css";

/** The six solution pages as a row of tabs (links, the current one marked), scrolling sideways on
 * narrow screens with the current tab brought into view. */
export function SolutionTabs({ page }: { page: Pick<PageData, "lang" | "path"> }) {
  const { t, i18n } = useLingui();
  const current = splitLang(page.path).path;
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
  }, [current]);

  return (
    <nav class="solution-tabs" aria-label={t`Solutions`}>
      <div class="container">
        <ul class="solution-tabs__list" ref={listRef}>
          {solutionLinks.map((link) => (
            <li key={link.path}>
              <a
                class="solution-tabs__tab"
                href={localize(link.path, page.lang)}
                aria-current={link.path === current ? "page" : undefined}
              >
                {i18n._(link.label)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
