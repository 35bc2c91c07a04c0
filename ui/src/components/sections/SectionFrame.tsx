import type { ComponentChildren } from "preact";
import { Words } from "../Words";

/** The inside of a body section of a marketing page: its heading and lead (and what the lead
 * introduces, `afterLead`, right under it), then its content. The `<section>` around it, with its
 * anchor and background, is the page layout's (src/components/MarketingLayout.tsx). */
export function SectionFrame({
  section: { heading, lead },
  afterLead,
  children,
}: {
  section: { heading: string; lead?: string | undefined };
  afterLead?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <div class="container">
      <div class="section__head">
        <h2>
          <Words text={heading} />
        </h2>
        {lead && <p class="section__lead">{lead}</p>}
        {afterLead}
      </div>
      {children}
    </div>
  );
}
