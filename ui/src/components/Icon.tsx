import "../styles/icon.css";

/** The icons of the interface, drawn on a 24-unit grid with a 2-unit stroke. */
const PATHS = {
  "chevron-down": "M6 9l6 6 6-6",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6 6 18",
  "external-link": "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  info: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v5M12 8h.01",
  check: "M5 12.5l4.5 4.5L19 7",
  search: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4.5-4.5",
  copy: "M10 8h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2zM4 16a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2",
} as const;

/** The name of an icon. */
export type IconName = keyof typeof PATHS;

/** The one icon scale of the site, in CSS pixels. */
export type IconSize = 16 | 23 | 32 | 48;

/** An inline SVG icon: decorative (hidden from assistive technology) unless it is given a `label`. */
export function Icon({
  name,
  size = 16,
  label,
  class: className,
}: {
  name: IconName;
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
      <path d={PATHS[name]} />
    </svg>
  );
}
