import type { SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { Illustration } from "../Illustration";
import { RichText } from "../RichText";
import { SectionFrame } from "./SectionFrame";

/** Prose beside an optional illustration, with optional buttons. */
export function Split({ section }: { section: SectionOf<"split"> }) {
  return (
    <SectionFrame section={section}>
      <div class={section.illustration ? "split split--illustrated" : "split"}>
        <div class="split__text prose">
          <RichText blocks={section.body} />
          <ActionLinks actions={section.action} />
        </div>
        {section.illustration && <Illustration name={section.illustration} class="split__art" lazy />}
      </div>
    </SectionFrame>
  );
}
