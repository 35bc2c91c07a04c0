import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** Dated milestones on a rule: across the page on a wide screen, down its side on a phone. Each
 * says when (its period from content data), what happens and a sentence or two. */
export function Timeline({ section }: { section: SectionOf<"timeline"> }) {
  return (
    <SectionFrame section={section}>
      <ol class="timeline">
        {section.item.map((item) => (
          <li key={item.title} class="timeline__item">
            <p class="timeline__when">{item.when}</p>
            <h3 class="timeline__title">
              <Words text={item.title} />
            </h3>
            <p>{item.body}</p>
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}
