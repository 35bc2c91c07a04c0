import type { ClientCase, SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** Anonymised client set-ups side by side: the kind of client, what it needed, what it set up and
 * its figures, with the note that says what the cases are. */
export function Cases({ section }: { section: SectionOf<"cases"> }) {
  return (
    <SectionFrame section={section}>
      <ul class="tiles cases">
        {section.item.map((item) => (
          <CaseItem key={item.client} item={item} />
        ))}
      </ul>
      <p class="cases__note">{section.note}</p>
    </SectionFrame>
  );
}

/** One case: the kind of client and its context, what it needed, what it set up, its figures. */
export function CaseItem({ item }: { item: ClientCase }) {
  return (
    <li class="case">
      <p class="case__client">
        {item.client}
        <span class="case__context">{item.context}</span>
      </p>
      <h3 class="case__need">
        <Words text={item.need} />
      </h3>
      <p class="case__setup">{item.setup}</p>
      <dl class="case__metrics">
        {item.metric.map((metric) => (
          <div key={metric.label}>
            <dt>{metric.label}</dt>
            <dd>{metric.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
