import wordmark from "virtual:wordmark";

/** The provider's logo, its mark and the name outlined from the brand face, in white (the brand
 * kit's white logo, scripts/wordmark.mjs); `name` is its text for those who cannot see it. */
export function Wordmark({ name }: { name: string }) {
  return (
    <img class="brand__logo" src={wordmark.src} width={wordmark.width} height={wordmark.height} alt={name} />
  );
}
