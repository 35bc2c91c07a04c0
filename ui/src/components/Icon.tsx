import "../styles/icon.css";

/** The icons of the shell and the short ones of its parts, drawn on a 24-unit grid with a 2-unit
 * stroke. The longer icons of a page's own parts are ./pageIcons.ts, which travels with those
 * parts. */
const PATHS = {
  "chevron-down": "M6 9l6 6 6-6",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6 6 18",
  "external-link": "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  info: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v5M12 8h.01",
  check: "M5 12.5l4.5 4.5L19 7",
} as const;

/** The name of an icon of the shell. */
export type IconName = keyof typeof PATHS;

/** The one icon scale of the site, in CSS pixels. */
export type IconSize = 16 | 23 | 32 | 48;

/** An inline SVG icon, a shell icon by `name` or another by its `path` (./pageIcons.ts):
 * decorative (hidden from assistive technology) unless it is given a `label`. */
export function Icon({
  name,
  path,
  size = 16,
  label,
  class: className,
}: ({ name: IconName; path?: never } | { name?: never; path: string }) & {
  size?: IconSize;
  label?: string;
  class?: string;
}) {
  const a11y = label ? { role: "img" as const, "aria-label": label } : { "aria-hidden": "true" as const };
  return (
    <svg
      class={className ? `icon ${className}` : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      focusable="false"
      {...a11y}
    >
      <path d={name ? PATHS[name] : path} />
    </svg>
  );
}
