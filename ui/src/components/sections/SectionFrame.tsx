import type { ComponentChildren } from "preact";
import { Words } from "../Words";

/** A body section of a marketing page: its anchor, heading and lead around its content. */
export function SectionFrame({
  section: { id, heading, lead },
  tone = "plain",
  children,
}: {
  section: { id: string; heading: string; lead?: string | undefined };
  tone?: "plain" | "tinted" | "brand";
  children: ComponentChildren;
}) {
  return (
    <section id={id} class={`section section--${tone}`}>
      <div class="container">
        <div class="section__head">
          <h2>
            <Words text={heading} />
          </h2>
          {lead && <p class="section__lead">{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
