import type { SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { RichText } from "../RichText";
import { Screen } from "../screens/Screen";
import { SectionFrame } from "./SectionFrame";

/** Prose read top to bottom, every list under its lead-in, beside the section's one side box or
 * illustration if it has one, with optional buttons. The side box is a landmark named by its
 * section's heading, so that a page with several of them names each one apart. */
export function Split({ section }: { section: SectionOf<"split"> }) {
  const beside = section.aside
    ? "split split--aside"
    : section.illustration
      ? "split split--illustrated"
      : "split";
  return (
    <SectionFrame section={section}>
      <div class={beside}>
        <div class="split__text prose">
          <RichText blocks={section.body} />
          <ActionLinks actions={section.action} />
        </div>
        {section.aside && (
          <aside class="split__aside prose" aria-label={section.heading}>
            <RichText blocks={section.aside} />
          </aside>
        )}
        {section.illustration && (
          <div class="split__art">
            <Screen
              name={section.illustration}
              words={section.words}
              facts={{ wallets: section.keys, limits: section.limits }}
            />
          </div>
        )}
      </div>
    </SectionFrame>
  );
}
