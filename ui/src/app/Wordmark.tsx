import wordmark from "virtual:wordmark";

/** The provider's logo, its mark and outlined wordmark in white (content/brand/logo-white.svg), as
 * the brand files draw it; `name` is its text for those who cannot see it. */
export function Wordmark({ name }: { name: string }) {
  return (
    <img class="brand__logo" src={wordmark.src} width={wordmark.width} height={wordmark.height} alt={name} />
  );
}
