import type { Section } from "../../lib/sections";

/** The background a section sits on: the page's own, a tint, the brand's navy, or the closing
 * call-to-action band. */
export type Tone = "plain" | "tinted" | "brand" | "cta";

/** Each kind's background, so that a page alternates plain and tinted bands by its order of
 * kinds: figures on navy, diagrams, step flows, client evidence and the certifications in full on
 * a tint, the call to action in its band. */
export function toneOf(section: Section): Tone {
  switch (section.kind) {
    case "figures":
      return "brand";
    case "diagram":
    case "steps":
    case "evidence":
      return "tinted";
    case "certifications":
      return section.layout === "full" ? "tinted" : "plain";
    case "cta":
      return "cta";
    default:
      return "plain";
  }
}

/** The classes of a section's `<section>`: its tone, and, when the section before it sits on the
 * same plain background, the mark of a hairline above it, drawn on a phone only (wider, white
 * space divides them; styles/marketing.css). */
export function sectionClass(tone: Tone, previous: Tone | undefined): string {
  if (tone === "cta") return "cta";
  const divided = tone === "plain" && previous === "plain";
  return `section section--${tone}${divided ? " section--divided" : ""}`;
}
