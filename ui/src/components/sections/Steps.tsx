import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** A numbered step flow: a vertical timeline up to 64rem, rows of up to four steps on wider screens. */
export function Steps({ section }: { section: SectionOf<"steps"> }) {
  return (
    <SectionFrame section={section} tone="tinted">
      <ol class="steps">
        {section.item.map((step, index) => (
          <li key={step.title} class="steps__item">
            <span class="steps__number" aria-hidden="true">
              {index + 1}
            </span>
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
