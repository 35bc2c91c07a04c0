/** The marks the build puts into page text where a line may or may not break
 * (scripts/line-breaks.mjs): zero width spaces between Chinese words and word joiners, invisible,
 * no-break spaces and non-breaking hyphens. A reader never sees them as marks, so text that leaves the page (a
 * copy to the clipboard) goes without them. */
const MARKS = /[\u200b\u2060\u00a0\u2011]/g;

const AS_READ: Record<string, string> = { "\u200b": "", "\u2060": "", "\u00a0": " ", "\u2011": "-" };

/** `text` as a reader sees it: without zero width spaces and word joiners, each no-break space a space and each
 * non-breaking hyphen a hyphen. */
export function unmarked(text: string): string {
  return text.replace(MARKS, (mark) => AS_READ[mark] ?? mark);
}

/** Makes a selection the visitor copies from the page reach the clipboard without the marks; a
 * selection without marks (and one inside a form field) is copied as the browser does. */
export function copyWithoutMarks(target: Document = document): void {
  target.addEventListener("copy", (event) => {
    const selected = target.getSelection()?.toString() ?? "";
    const plain = unmarked(selected);
    if (plain === selected || !event.clipboardData) return;
    event.clipboardData.setData("text/plain", plain);
    event.preventDefault();
  });
}
