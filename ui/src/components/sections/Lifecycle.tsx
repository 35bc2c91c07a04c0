import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";

/** A lifecycle diagram: the stages in order, then the outcomes the last stage may lead to. */
export function Lifecycle({ section }: { section: SectionOf<"lifecycle"> }) {
  return (
    <SectionFrame section={section}>
      <div class="lifecycle">
        <ol class="lifecycle__stages">
          {section.stage.map((stage) => (
            <li key={stage.title} class="lifecycle__stage">
              <h3>{stage.title}</h3>
              <p>{stage.body}</p>
            </li>
          ))}
        </ol>
        <ul class="lifecycle__outcomes">
          {section.outcome.map((outcome) => (
            <li key={outcome.title} class="lifecycle__outcome">
              <h3>{outcome.title}</h3>
              <p>{outcome.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </SectionFrame>
  );
}
