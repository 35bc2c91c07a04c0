import type { FeatureItem, SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { FeatureIcon } from "../FeatureIcon";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** The items of a features section: a grid of bordered cards, or with `layout = "list"` rows
 * without borders, the icon beside the text, in one or two columns. Each item has an optional
 * icon, bullet points and a link; optional buttons follow. */
export function Features({ section }: { section: SectionOf<"features"> }) {
  const list = section.layout === "list";
  const items = list
    ? `feature-list feature-list--${section.columns}`
    : `tiles feature-grid feature-grid--${section.columns}`;
  return (
    <SectionFrame section={section}>
      <ul class={items}>
        {section.item.map((item) => (
          <li key={item.title} class={list ? "feature-list__item" : "feature"}>
            {item.icon && <FeatureIcon name={item.icon} size={list ? 23 : 32} />}
            {list ? <div>{text(item)}</div> : text(item)}
          </li>
        ))}
      </ul>
      <ActionLinks actions={section.action} />
    </SectionFrame>
  );
}

/** An item's title, text, points and link. */
function text(item: FeatureItem) {
  return (
    <>
      <h3 class="feature__title">
        <Words text={item.title} />
      </h3>
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
    </>
  );
}
