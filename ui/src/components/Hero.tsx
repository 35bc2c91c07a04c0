import type { ComponentChildren, VNode } from "preact";
import type { Hero as HeroData, TrustLine } from "../lib/sections";
import { ActionLinks } from "./ActionLinks";
import { Words } from "./Words";

/** Left as served: hydration does not touch the children of an element with inner HTML. */
const AS_SERVED = { __html: "" };

/** The width of a heading, in Latin characters, from which it is set one step smaller
 * (`hero--long`, styles/marketing.css): at full size it would run past three lines in the hero's
 * text column, as "Traditional finance institutions and funds" does. */
const LONG_HEADING = 24;

/** A heading's width in Latin characters, a Han character (or a full-width sign) counting two. */
function headingWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? 2 : 1;
  return width;
}

/** The intro of a marketing page: eyebrow, heading, lead, buttons and an illustration (`art`,
 * drawn by the code of the page's sections, or left as served on a first visit), beside the words,
 * layered over a large lattice of the mark, or on a band of its own under them, as the page's data
 * says (`hero.layout`), its heading a step smaller when long (`LONG_HEADING`), over the trust line, if given: four badges a security team checks first
 * (reports, certificate, insurance, the entities' status), each linking to its section of the
 * Trust center. */
export function Hero({
  heading,
  lead,
  hero,
  trust,
  art = null,
  textFirstOnPhone = false,
  children,
}: {
  heading: string;
  lead: string;
  hero: HeroData;
  trust: TrustLine | null;
  art?: VNode | null;
  /** Leaves the illustration out on a phone, where a long page needs the room. */
  textFirstOnPhone?: boolean;
  children?: ComponentChildren;
}) {
  const classes = [hero.illustration ? `hero hero--illustrated hero--${hero.layout}` : "hero"];
  if (headingWidth(heading) > LONG_HEADING) classes.push("hero--long");
  if (textFirstOnPhone) classes.push("hero--text-first");
  return (
    <section class={classes.join(" ")}>
      <div class="container hero__inner">
        <div class="hero__text">
          {children}
          {hero.eyebrow && <p class="eyebrow">{hero.eyebrow}</p>}
          <h1>
            <Words text={heading} />
          </h1>
          <p class="lead">{lead}</p>
          <ActionLinks actions={hero.action} />
        </div>
        {hero.illustration &&
          (art ? (
            <div class="hero__art">{art}</div>
          ) : (
            <div class="hero__art" dangerouslySetInnerHTML={AS_SERVED} />
          ))}
      </div>
      {trust && (
        <ul class="container trust">
          {trust.badges.map((badge) => (
            <li key={badge.title}>
              <a href={badge.href}>
                <strong>{badge.title}</strong>
                <span>{badge.line}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
