import { createContext } from "preact";
import { useContext } from "preact/hooks";

/** The current page's word boundaries of its Chinese headings: for each heading text, the offsets
 * where it may break (found at build time by ui/scripts/word-breaks.mjs, handed over in the page
 * data; none on English pages). */
export const WordBreaksContext = createContext<{ [text in string]: number[] } | undefined>(undefined);

/** A heading's text with a `<wbr>` at each word boundary of the page data, so that a Chinese
 * heading, set with `word-break: keep-all` (styles/global.css), breaks between words only. The
 * prerender and the browser draw the same markup from the same offsets. */
export function Words({ text }: { text: string }) {
  const offsets = useContext(WordBreaksContext)?.[text];
  if (!offsets) return <>{text}</>;
  const parts = [];
  let start = 0;
  for (const offset of offsets) {
    parts.push(text.slice(start, offset), <wbr key={offset} />);
    start = offset;
  }
  parts.push(text.slice(start));
  return <>{parts}</>;
}
