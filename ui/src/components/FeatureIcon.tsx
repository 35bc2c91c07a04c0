import sprite from "virtual:icon-sprite";

/** A content icon (a lucide icon named in content), drawn from the hashed sprite of the icons the
 * content uses; decorative, so hidden from assistive technology. */
export function FeatureIcon({ name, size = 32 }: { name: string; size?: 23 | 24 | 28 | 32 | 48 }) {
  return (
    <svg
      class="feature-icon"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
