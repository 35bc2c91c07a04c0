import type { SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { FeatureIcon } from "../FeatureIcon";
import { SectionFrame } from "./SectionFrame";

/** A grid of cards, each with an optional icon, bullet points and a link, and optional buttons
 * under the grid. */
export function Features({ section }: { section: SectionOf<"features"> }) {
  return (
    <SectionFrame section={section}>
      <ul class={`tiles feature-grid feature-grid--${section.columns}`}>
        {section.item.map((item) => (
          <li key={item.title} class="feature">
            {item.icon && <FeatureIcon name={item.icon} />}
            <h3 class="feature__title">{item.title}</h3>
            <p>{item.body}</p>
            {item.points.length > 0 && (
              <ul class="checklist">
                {item.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
            {item.href && (
              <a class="feature__link" href={item.href}>
                {item.link}
              </a>
            )}
          </li>
        ))}
      </ul>
      <ActionLinks actions={section.action} />
    </SectionFrame>
  );
}
