/** The provider's logo mark, drawn inline so it needs no request. */
export function BrandMark() {
  return (
    <svg class="brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <rect width="32" height="32" rx="7" />
      <path d="M10 8v16M10 16l10-8M13.5 13.5 21 24" />
    </svg>
  );
}
