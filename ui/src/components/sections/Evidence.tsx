import type { SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { PartnerGroups } from "./Partners";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** Client evidence as data: the client mix as one bar whose parts add up to the total, a key of
 * each part's count, the example set-ups each with its headline figure, the wordmarks of the
 * firms the company works with, and the link to every set-up. */
export function Evidence({ section }: { section: SectionOf<"evidence"> }) {
  let start = 0;
  return (
    <SectionFrame section={section}>
      <div class="mix">
        <p class="mix__total">
          <span class="mix__count">{section.total}</span> {section.total_label}
        </p>
        <svg
          class="mix__bar"
          viewBox={`0 0 ${section.total} 10`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          {section.client.map((part, index) => {
            const rect = (
              <rect
                key={part.id}
                class={`part-${index}`}
                x={start}
                width={Math.max(part.count - 1, 0)}
                height="10"
              />
            );
            start += part.count;
            return rect;
          })}
        </svg>
        <ul class="mix__key">
          {section.client.map((part, index) => (
            <li key={part.id}>
              <span class={`key__swatch part-${index}`} />
              <strong class="num">{part.count}</strong> {part.label}
            </li>
          ))}
        </ul>
      </div>
      <ul class="examples">
        {section.item.map((item) => {
          const [headline] = item.metric;
          return (
            <li key={item.client} class="example">
              <p class="example__label">
                {section.example} · {item.client}
              </p>
              {headline && (
                <p class="example__figure">
                  <span class="example__value">{headline.value}</span>
                  <span class="example__metric">{headline.label}</span>
                </p>
              )}
              <h3 class="example__need">
                <Words text={item.need} />
              </h3>
              <p class="example__context">{item.context}</p>
            </li>
          );
        })}
      </ul>
      <p class="cases__note">{section.note}</p>
      <PartnerGroups groups={section.group} />
      <ActionLinks actions={section.action} />
    </SectionFrame>
  );
}
