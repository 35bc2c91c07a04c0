import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";

/** A figure's value, its numbers large and its words (a currency, a scale, "more than") smaller:
 * "USD 10bn+" is USD, 10 and bn+. */
function Value({ value }: { value: string }) {
  return (
    <>
      {value
        .split(/(\d[\d,.]*)/)
        .filter(Boolean)
        .map((part, index) => (
          <span key={index} class={/\d/.test(part) ? "figures__number" : "figures__unit"}>
            {part}
          </span>
        ))}
    </>
  );
}

/** The figure strip: each company figure, computed from content data, over what it counts. */
export function Figures({ section }: { section: SectionOf<"figures"> }) {
  return (
    <SectionFrame section={section}>
      <ul class="figures">
        {section.item.map((item) => (
          <li key={item.figure} class="figures__item" data-figure={item.figure}>
            <span class="figures__value">
              <Value value={item.value} />
            </span>
            <span class="figures__label">{item.label}</span>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
