import type { FeatureItem, SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { FeatureIcon } from "../FeatureIcon";
import { Screen } from "../screens/Screen";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** How many cards make a grid long on a phone: it then scrolls sideways in a named region, the
 * next card showing at the edge. */
const LONG_GRID = 4;

/** How many items make a list long on a phone: each item's text then folds under its title (a
 * disclosure, always open on wider screens), so the titles read as a short list. */
const LONG_LIST = 4;

/** The items of a features section: a grid of bordered cards; with `layout = "list"` rows without
 * borders, the icon beside the text, in one or two columns; with `layout = "tiles"` compact
 * linked tiles ending in a tile of the section's button. Each item has an optional icon, bullet
 * points and a link; optional buttons follow. A list may show a product screen beside the
 * section's heading (an anchor of a long page, on a tinted band: styles/anchors.css). Exceptions to
 * the rule its lead states follow the lead, one a row marked with a shard (styles/exceptions.css). */
export function Features({ section }: { section: SectionOf<"features"> }) {
  if (section.layout === "tiles") return <Tiles section={section} />;
  const list = section.layout === "list";
  const long = section.item.length >= (list ? LONG_LIST : LONG_GRID);
  const tall = list && section.columns === 2 && tallLast(section.item) ? " feature-list--tall-last" : "";
  const items = list
    ? `feature-list feature-list--${section.columns}${tall}`
    : `tiles feature-grid feature-grid--${section.columns}${long ? " scroller" : ""}`;
  const scroller = !list && long ? { tabIndex: 0, "aria-label": section.heading } : {};
  const grid = (
    <ul class={items} {...scroller}>
      {section.item.map((item) => (
        <li key={item.title} class={list ? "feature-list__item" : "feature"}>
          {item.icon && <FeatureIcon name={item.icon} size={list ? 23 : 28} />}
          {list ? <ListText item={item} folds={long} /> : text(item)}
        </li>
      ))}
    </ul>
  );
  const exceptions = section.exceptions.length > 0 && (
    <ul class="exceptions">
      {section.exceptions.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );
  return (
    <SectionFrame section={section} afterLead={exceptions}>
      {section.illustration && (
        <div class="split__art">
          <Screen name={section.illustration} words={section.words} />
        </div>
      )}
      {grid}
      <ActionLinks actions={section.action} />
    </SectionFrame>
  );
}

/** Whether a list's last item runs far longer than each of the others (half as long again): in two
 * columns it then stands alone in the second, beside the others stacked in the first
 * (styles/feature-columns.css), rather than leaving a hole under its neighbour. */
function tallLast(items: FeatureItem[]): boolean {
  const last = items.at(-1);
  if (!last || items.length < 3) return false;
  return items.slice(0, -1).every((item) => last.body.length > 1.5 * item.body.length);
}

/** Tiles: each item a link with its icon, title and text, then the section's one button as the
 * last tile (the index the items belong to, such as every service). */
function Tiles({ section }: { section: SectionOf<"features"> }) {
  const [more] = section.action;
  return (
    <SectionFrame section={section}>
      <ul class="link-tiles">
        {section.item.map((item) => (
          <li key={item.title}>
            <a class="link-tile" href={item.href ?? undefined}>
              {item.icon && <FeatureIcon name={item.icon} size={24} />}
              <h3 class="link-tile__title">
                <Words text={item.title} />
              </h3>
              <span class="link-tile__body">{item.body}</span>
            </a>
          </li>
        ))}
        {more && (
          <li>
            <a class="link-tile link-tile--more" href={more.href}>
              <span class="link-tile__title">{more.label}</span>
            </a>
          </li>
        )}
      </ul>
    </SectionFrame>
  );
}

/** A list item's text; in a long list its title is the summary of a disclosure that holds the
 * rest, closed on a phone and always shown on wider screens (styles/marketing.css). */
function ListText({ item, folds }: { item: FeatureItem; folds: boolean }) {
  if (!folds) return <div>{text(item)}</div>;
  return (
    <details class="fold">
      <summary>{title(item)}</summary>
      {rest(item)}
    </details>
  );
}

/** An item's title. */
function title(item: FeatureItem) {
  return (
    <h3 class="feature__title">
      <Words text={item.title} />
    </h3>
  );
}

/** An item's title, text, points and link. */
function text(item: FeatureItem) {
  return (
    <>
      {title(item)}
      {rest(item)}
    </>
  );
}

/** An item's text, points and link. */
function rest(item: FeatureItem) {
  return (
    <>
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
