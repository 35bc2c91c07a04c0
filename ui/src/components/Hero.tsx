import type { ComponentChildren, VNode } from "preact";
import type { Hero as HeroData, TrustLine } from "../lib/sections";
import { ActionLinks } from "./ActionLinks";
import { Words } from "./Words";

/** Left as served: hydration does not touch the children of an element with inner HTML. */
const AS_SERVED = { __html: "" };

/** The intro of a marketing page: eyebrow, heading, lead, buttons and an illustration (`art`,
 * drawn by the code of the page's sections, or left as served on a first visit), beside the words,
 * layered over a large lattice of the mark, or on a band of its own under them, as the page's data
 * says (`hero.layout`), over the trust line, if given: four badges a security team checks first
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
  const kind = hero.illustration ? `hero hero--illustrated hero--${hero.layout}` : "hero";
  return (
    <section class={textFirstOnPhone ? `${kind} hero--text-first` : kind}>
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
