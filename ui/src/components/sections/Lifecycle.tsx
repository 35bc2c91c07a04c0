import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** A lifecycle diagram: the stages in order, numbered and joined by arrows (on a phone scrolling
 * sideways in a named region), then a branch from the last stage to the outcomes it may lead to,
 * under their own heading. */
export function Lifecycle({ section }: { section: SectionOf<"lifecycle"> }) {
  return (
    <SectionFrame section={section}>
      <div class="lifecycle">
        <ol class="lifecycle__stages scroller" tabIndex={0} aria-label={section.heading}>
          {section.stage.map((stage, index) => (
            <li key={stage.title} class="lifecycle__stage">
              <span class="lifecycle__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>
                <Words text={stage.title} />
              </h3>
              <p>{stage.body}</p>
            </li>
          ))}
        </ol>
        <div class="lifecycle__branch">
          <h3 class="lifecycle__branch-heading">
            <Words text={section.outcomes_heading} />
          </h3>
          <ul class="lifecycle__outcomes scroller" tabIndex={0} aria-label={section.outcomes_heading}>
            {section.outcome.map((outcome) => (
              <li key={outcome.title} class="lifecycle__outcome">
                <h4>
                  <Words text={outcome.title} />
                </h4>
                <p>{outcome.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </SectionFrame>
  );
}
