import type { ComponentChildren } from "preact";
import type { Hero as HeroData, TrustLine } from "../lib/sections";
import { ActionLinks } from "./ActionLinks";
import { Illustration } from "./Illustration";
import { Words } from "./Words";

/** The intro of a marketing page: eyebrow, heading, lead, buttons and an illustration, over the
 * trust line: the reports, certificate, insurance and licences a security team checks first,
 * linking to the Trust center (except on the Trust center itself). */
export function Hero({
  heading,
  lead,
  hero,
  trust,
  textFirstOnPhone = false,
  children,
}: {
  heading: string;
  lead: string;
  hero: HeroData;
  trust: TrustLine;
  /** Leaves the illustration out on a phone, where a long page needs the room. */
  textFirstOnPhone?: boolean;
  children?: ComponentChildren;
}) {
  const kind = hero.illustration ? "hero hero--illustrated" : "hero";
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
        {hero.illustration && <Illustration name={hero.illustration} words={hero.words} class="hero__art" />}
      </div>
      <p class="container trust">
        {trust.items.map((item) => (
          <span key={item}>{item}</span>
        ))}
        {trust.link && <a href={trust.link.href}>{trust.link.label}</a>}
      </p>
    </section>
  );
}
