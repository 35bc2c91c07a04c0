import type { SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { Words } from "../Words";

/** A call-to-action band closing a page. */
export function CallToAction({ section }: { section: SectionOf<"cta"> }) {
  return (
    <section id={section.id} class="cta">
      <div class="container cta__inner">
        <div>
          <h2>
            <Words text={section.heading} />
          </h2>
          {section.lead && <p class="section__lead">{section.lead}</p>}
          <p>{section.body}</p>
        </div>
        <ActionLinks actions={section.action} inverse />
      </div>
    </section>
  );
}
