import type { ComponentChildren } from "preact";

/** The colour of a status: done, waiting, live, or neutral information. */
export type Status = "ok" | "wait" | "live" | "info";

/** A mock product screen: a card with its title, a line under it and a status, then its body.
 * Its words are real text in the page's font and language, at a size a phone shows legibly; the
 * whole screen is a picture to assistive technology (`aria-hidden`), its data fictional. */
export function Frame({
  title,
  sub,
  status,
  tone = "info",
  children,
  wide = false,
}: {
  title: string;
  sub?: string | undefined;
  status?: string | undefined;
  tone?: Status;
  children: ComponentChildren;
  /** A screen with a table, a little wider than the others. */
  wide?: boolean;
}) {
  return (
    <div class={wide ? "screen screen--wide" : "screen"} aria-hidden="true">
      <div class="screen__head">
        <span class="screen__mark" />
        <span class="screen__titles">
          <span class="screen__title">{title}</span>
          {sub && <span class="screen__sub">{sub}</span>}
        </span>
        {status && <Pill tone={tone}>{status}</Pill>}
      </div>
      <div class="screen__body">{children}</div>
    </div>
  );
}

/** A status in a rounded tag. */
export function Pill({ tone, children }: { tone: Status; children: ComponentChildren }) {
  return <span class={`pill pill--${tone}`}>{children}</span>;
}

/** A line of a screen: what it is on the left, its value on the right (`mono` for an address). */
export function Row({
  label,
  value,
  mono = false,
  strong = false,
}: {
  label: ComponentChildren;
  value: ComponentChildren;
  mono?: boolean;
  strong?: boolean;
}) {
  return (
    <div class={strong ? "screen__row screen__row--strong" : "screen__row"}>
      <span class={mono ? "mono" : undefined}>{label}</span>
      <span class="num">{value}</span>
    </div>
  );
}

/** A progress bar, `done` of `of` filled. Drawn in SVG: its length is an attribute, not a style,
 * which the site's content security policy would refuse in served markup. */
export function Meter({ done, of }: { done: number; of: number }) {
  return (
    <svg class="meter" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
      <rect class="meter__track" width="100" height="6" rx="3" />
      <rect class="meter__fill" width={(100 * done) / of} height="6" rx="3" />
    </svg>
  );
}

/** A label over a value, for the figures of a screen. */
export function Stat({ label, value, tone }: { label: string; value: string; tone?: "up" }) {
  return (
    <div class="stat">
      <span class="stat__label">{label}</span>
      <span class={tone ? `stat__value stat__value--${tone}` : "stat__value"}>{value}</span>
    </div>
  );
}

/** A list of steps or checks, each marked done, current or to come. */
export function Checks({ items }: { items: { text: string; state: "done" | "now" | "next" }[] }) {
  return (
    <ul class="checks">
      {items.map((item, index) => (
        <li key={index} class={`checks__item checks__item--${item.state}`}>
          {item.text}
        </li>
      ))}
    </ul>
  );
}

/** A tuple of `N` strings. */
export type Words<N extends number, T extends string[] = []> = T["length"] extends N
  ? T
  : Words<N, [...T, string]>;

/** The first `count` words of an illustration (./slots.json gives each as many as it shows), each
 * empty if missing. */
export function wordsOf<N extends number>(words: readonly string[], count: N): Words<N> {
  return Array.from({ length: count }, (_, index) => words[index] ?? "") as Words<N>;
}
