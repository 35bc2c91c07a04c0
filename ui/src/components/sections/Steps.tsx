import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** A numbered step flow: a vertical timeline up to 64rem, rows of up to four steps on wider screens
 * (five or six stay a timeline, titles in a column of their own); on a phone four steps or more
 * scroll sideways in a named region, the next showing at the edge, each card marked with its
 * place in the row ("2 / 6"; the list already tells a screen reader). */
export function Steps({ section }: { section: SectionOf<"steps"> }) {
  const count = section.item.length;
  const long = count >= 4;
  const scroller = long ? { tabIndex: 0, "aria-label": section.heading } : {};
  const kind = count === 5 || count === 6 ? "steps steps--timeline" : "steps";
  return (
    <SectionFrame section={section}>
      <ol class={long ? `${kind} scroller` : kind} {...scroller}>
        {section.item.map((step, index) => (
          <li key={step.title} class="steps__item">
            <span class="steps__number" aria-hidden="true">
              {index + 1}
            </span>
            {long && (
              <span class="steps__place" aria-hidden="true">
                {index + 1} / {count}
              </span>
            )}
            <h3 class="steps__title">
              <Words text={step.title} />
            </h3>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}
