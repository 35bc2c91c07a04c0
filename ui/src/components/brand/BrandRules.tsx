import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "../sections/SectionFrame";

/** The usage rules: what to do beside what not to do. */
export function BrandRules({ section }: { section: SectionOf<"brand-rules"> }) {
  return (
    <SectionFrame section={section}>
      <div class="brand-rules">
        {section.item.map((list) => (
          <div key={list.tone} class={`brand-rules__list brand-rules__list--${list.tone}`}>
            <h3>{list.title}</h3>
            <ul>
              {list.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </SectionFrame>
  );
}
