/** The marks the build puts into page text where a line may not break (scripts/line-breaks.mjs):
 * word joiners (U+2060), invisible, and no-break spaces. A reader never sees them, so text that
 * leaves the page (a copy to the clipboard) goes without them. */
const MARKS = /\u2060|\u00a0/g;

/** `text` as a reader sees it: without word joiners, each no-break space a space. */
export function unmarked(text: string): string {
  return text.replace(MARKS, (mark) => (mark === "\u2060" ? "" : " "));
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
