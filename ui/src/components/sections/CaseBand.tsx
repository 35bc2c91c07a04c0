import type { SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { CaseItem } from "./Cases";
import { SectionFrame } from "./SectionFrame";

/** The composite cases of another page as a band in the brand colour: side by side on a wide
 * screen, scrolling sideways on a phone in a named region, the next case showing at the edge. */
export function CaseBand({ section }: { section: SectionOf<"case-band"> }) {
  return (
    <SectionFrame section={section} tone="brand">
      <ul class="case-band scroller" tabIndex={0} aria-label={section.heading}>
        {section.item.map((item) => (
          <CaseItem key={item.client} item={item} />
        ))}
      </ul>
      <p class="cases__note">{section.note}</p>
      <ActionLinks actions={section.action} inverse />
    </SectionFrame>
  );
}
