import type { ComponentChildren } from "preact";
import type { Hero as HeroData } from "../lib/sections";
import { ActionLinks } from "./ActionLinks";
import { Illustration } from "./Illustration";
import { Words } from "./Words";

/** The intro of a marketing page: eyebrow, heading, lead, buttons and an illustration. */
export function Hero({
  heading,
  lead,
  hero,
  children,
}: {
  heading: string;
  lead: string;
  hero: HeroData;
  children?: ComponentChildren;
}) {
  return (
    <section class={hero.illustration ? "hero hero--illustrated" : "hero"}>
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
        {hero.illustration && <Illustration name={hero.illustration} class="hero__art" />}
      </div>
    </section>
  );
}
