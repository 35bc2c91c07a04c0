import type { Action } from "../lib/sections";

/** One or two buttons leading to pages of the site: a filled primary and an outlined secondary. */
export function ActionLinks({ actions, inverse = false }: { actions: Action[]; inverse?: boolean }) {
  if (actions.length === 0) return null;
  return (
    <div class="actions">
      {actions.map((action) => (
        <a
          key={action.href}
          class={`button button--${action.style}${inverse ? " button--inverse" : ""}`}
          href={action.href}
        >
          {action.label}
        </a>
      ))}
    </div>
  );
}
