import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "../sections/SectionFrame";

/** The size of a step as the site sets it: from its phone size to its size at 80rem, or one
 * size. */
function size(step: { rem: number; phone_rem?: number }): string {
  const px = (rem: number) => `${Math.round(rem * 16)} px`;
  return step.phone_rem ? `${px(step.phone_rem)}–${px(step.rem)}` : px(step.rem);
}

/** The type scale: each step's use and size, then the sample set in it. */
export function BrandType({ section }: { section: SectionOf<"brand-type"> }) {
  return (
    <SectionFrame section={section}>
      <ol class="type-scale">
        {section.item.map((step) => (
          <li key={step.step} class="type-scale__step">
            <p class="type-scale__use">
              <strong>{step.title}</strong>
              <span class="num">{size(step)}</span>
            </p>
            <p class={`type-scale__sample type-scale__sample--${step.step}`}>{section.sample}</p>
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}
