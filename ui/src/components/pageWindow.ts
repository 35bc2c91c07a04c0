/** How many page links pagination shows at most, counting the gaps. */
export const WINDOW_SLOTS = 7;

/** The page numbers pagination shows: every page when there are few, otherwise the first, the
 * last and those around the current page, with `null` for each gap. The count stays the same
 * wherever the current page is, so the links do not jump around. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);
  if (pageCount <= WINDOW_SLOTS) return range(1, pageCount);
  const edge = WINDOW_SLOTS - 2;
  if (page < edge) return [...range(1, edge), null, pageCount];
  if (page > pageCount - edge + 1) return [1, null, ...range(pageCount - edge + 1, pageCount)];
  return [1, null, page - 1, page, page + 1, null, pageCount];
}
