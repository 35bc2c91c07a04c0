import type { SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { RichText } from "../RichText";
import { Words } from "../Words";

/** A call-to-action band closing a page, with a side panel beside it when the section has one
 * (the home page's entities and their status). */
export function CallToAction({ section }: { section: SectionOf<"cta"> }) {
  return (
    <div class={section.aside ? "container cta__inner cta__inner--aside" : "container cta__inner"}>
      <div class="cta__text">
        <h2>
          <Words text={section.heading} />
        </h2>
        {section.lead && <p class="section__lead">{section.lead}</p>}
        <p>{section.body}</p>
        <ActionLinks actions={section.action} inverse />
      </div>
      {section.aside && (
        <div class="cta__aside prose">
          <RichText blocks={section.aside} />
        </div>
      )}
    </div>
  );
}
