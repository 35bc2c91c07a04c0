import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";

/** The figure strip: each company figure, computed from content data, over what it counts. */
export function Figures({ section }: { section: SectionOf<"figures"> }) {
  return (
    <SectionFrame section={section} tone="brand">
      <ul class="figures">
        {section.item.map((item) => (
          <li key={item.figure} class="figures__item" data-figure={item.figure}>
            <span class="figures__value">{item.value}</span>
            <span class="figures__label">{item.label}</span>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
