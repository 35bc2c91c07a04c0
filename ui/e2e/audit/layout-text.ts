/** What the text check of the layout audit found on one page (layout.spec.ts). */
export interface TextFindings {
  /** Text drawn over other text (not text hidden under an opaque layer above it). */
  overlaps: string[];
  /** Lead-ins ending in a colon whose list is not right under them. */
  leadIns: string[];
  /** Text squeezed into a column a few characters wide. */
  squeezed: string[];
  /** Chinese headings broken inside a word: a line starts between two Han characters where the
   * build put no `<wbr>` (src/components/Words.tsx). */
  brokenWords: string[];
  /** Text broken where the build marked none (ui/scripts/line-breaks.mjs): a line that starts next
   * to a no-break space, a word joiner or a non-breaking hyphen, or between two Chinese characters
   * (or one and a figure) where the build offered no break (a zero width space), which the engine
   * should have honoured. */
  joinedBreaks: string[];
  /** Chinese text of any kind broken inside a word of the browser's own dictionary
   * (`Intl.Segmenter`), checked only where that dictionary is the build's (`sameDictionary`). */
  splitWords: string[];
  /** Heading lines that end in a hyphen: a compound broken in two. */
  hyphenEnds: string[];
  /** Fixed elements drawn over the page's content. */
  overlays: string[];
}

/** Finds, in the laid-out page (runs in the browser): text over text, stranded lead-ins, squeezed
 * text, Chinese headings broken inside a word, text broken inside a run the build joined, and
 * (where the browser's `Intl.Segmenter` has the dictionary the build marked words with, Node's
 * ICU: in Chromium, `sameDictionary`) Chinese text broken inside a word of that dictionary,
 * heading lines ending in a hyphen and fixed overlays. Self-contained, as `page.evaluate` sends
 * it to the page as source. */
export function inspectText(sameDictionary: boolean): TextFindings {
  // Parts drawn only once scrolled into view (`content-visibility: auto`) are drawn now, at the
  // size they take then: laid out behind a placeholder, their text would seem to spill over.
  for (const element of document.querySelectorAll<HTMLElement>("body *")) {
    if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
  }
  const describe = (element: Element): string => {
    const classes = [...element.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join("");
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${element.tagName.toLowerCase()}${classes} “${text}”`;
  };
  /** Drawn on screen: laid out, not hidden (a closed disclosure's content included), not the
   * visually hidden text meant for screen readers. */
  const drawn = (element: Element): boolean => {
    if (element.closest("[hidden], svg")) return false;
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.clipPath.startsWith("inset(50%") || style.clip.startsWith("rect(0")) return false;
    }
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };
  const textNodes = (root: Node): Text[] => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node.textContent ?? "").trim() && node.parentElement) nodes.push(node as Text);
    }
    return nodes;
  };
  const rectsOf = (node: Node): DOMRect[] => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].filter((rect) => rect.width > 0.5 && rect.height > 0.5);
  };
  const overlap = (a: DOMRect, b: DOMRect) => ({
    x: Math.min(a.right, b.right) - Math.max(a.left, b.left),
    y: Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top),
  });

  // Text over text: line boxes of two texts that share more than half a line's height and a few
  // pixels of width (lines of one paragraph touch, they do not cross). Compared within bands of
  // the page, so that a long page stays quick.
  const visibleText = new Map<Element, boolean>();
  const isDrawn = (element: Element) => {
    if (!visibleText.has(element)) visibleText.set(element, drawn(element));
    return visibleText.get(element) ?? false;
  };
  const lines: { rect: DOMRect; owner: Element }[] = [];
  for (const node of textNodes(document.body)) {
    const owner = node.parentElement as Element;
    if (!isDrawn(owner)) continue;
    for (const rect of rectsOf(node)) lines.push({ rect, owner });
  }
  const BAND = 64;
  const bands = new Map<number, number[]>();
  lines.forEach((line, index) => {
    const first = Math.floor((line.rect.top + scrollY) / BAND);
    const last = Math.floor((line.rect.bottom + scrollY) / BAND);
    for (let band = first; band <= last; band++) bands.set(band, [...(bands.get(band) ?? []), index]);
  });
  /** The stacking layer an element paints in: its nearest positioned ancestor (itself included)
   * that sets a z-index, with that z-index; the page's own layer otherwise. */
  const layerOf = (element: Element): { root: Element; z: number } => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.position !== "static" && style.zIndex !== "auto")
        return { root: node, z: Number(style.zIndex) };
    }
    return { root: document.documentElement, z: 0 };
  };
  /** Whether the text of `lower` is hidden under an opaque layer that holds `upper` (the "On this
   * page" list sliding under a full-width section of cards): covered, not drawn over. */
  const hiddenUnder = (lower: Element, upper: Element): boolean => {
    const below = layerOf(lower);
    const above = layerOf(upper);
    // A computed colour is rgb() when opaque, rgba() when not.
    return above.z > below.z && getComputedStyle(above.root).backgroundColor.startsWith("rgb(");
  };
  const overlaps = new Set<string>();
  for (const members of bands.values()) {
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const a = lines[members[i] as number];
        const b = lines[members[j] as number];
        if (!a || !b || a.owner === b.owner) continue;
        const shared = overlap(a.rect, b.rect);
        if (shared.x <= 2 || shared.y <= 0.5 * Math.min(a.rect.height, b.rect.height)) continue;
        if (!hiddenUnder(a.owner, b.owner) && !hiddenUnder(b.owner, a.owner)) {
          overlaps.add(`${describe(a.owner)} and ${describe(b.owner)}`);
        }
      }
    }
  }

  // A lead-in ending in a colon is followed by its list, right under it in the same column.
  const leadIns: string[] = [];
  for (const lead of document.querySelectorAll("main p")) {
    const text = (lead.textContent ?? "").trim();
    if (!/[:：]$/.test(text) || !isDrawn(lead)) continue;
    const list = lead.nextElementSibling;
    if (!list || !["UL", "OL", "DL"].includes(list.tagName)) {
      leadIns.push(`${describe(lead)} has no list after it`);
      continue;
    }
    const above = lead.getBoundingClientRect();
    const below = list.getBoundingClientRect();
    const gap = below.top - above.bottom;
    const lineHeight = parseFloat(getComputedStyle(lead).lineHeight) || 24;
    if (gap < -1 || gap > 2 * lineHeight || Math.abs(below.left - above.left) > 48) {
      leadIns.push(
        `${describe(lead)}: its list is at (${Math.round(below.left)}, ${Math.round(below.top)}), the lead-in ends at (${Math.round(above.left)}, ${Math.round(above.bottom)})`,
      );
    }
  }

  // Squeezed text: three lines or more in a box narrower than six of its characters (a CJK
  // character is one em wide, a Latin one about half).
  const squeezed: string[] = [];
  for (const element of new Set(textNodes(document.body).map((node) => node.parentElement as Element))) {
    if (!isDrawn(element) || element.closest(".visually-hidden")) continue;
    const style = getComputedStyle(element);
    if (style.display.startsWith("inline") && style.display !== "inline-block") continue;
    const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
    const tops = new Set(own.flatMap((node) => rectsOf(node).map((rect) => Math.round(rect.top))));
    const width = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const em = parseFloat(style.fontSize);
    if (tops.size >= 3 && width < 6 * em) {
      squeezed.push(`${describe(element)} (${tops.size} lines in ${Math.round(width)} px)`);
    }
  }

  // Chinese headings: a line that starts between two Han characters starts at a <wbr>.
  const brokenWords: string[] = [];
  if (document.documentElement.lang.startsWith("zh")) {
    const han = /\p{Script=Han}/u;
    for (const heading of document.querySelectorAll("h1, h2, h3, h4")) {
      if (!isDrawn(heading)) continue;
      const chars: { node: Text; offset: number; char: string; wbr: boolean }[] = [];
      let wbr = false;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node instanceof HTMLElement && node.tagName === "WBR") wbr = true;
        if (!(node instanceof Text)) continue;
        const text = node.data;
        for (let offset = 0; offset < text.length; offset++) {
          chars.push({ node, offset, char: text[offset] ?? "", wbr });
          wbr = false;
        }
      }
      let previousTop: number | null = null;
      for (let i = 0; i < chars.length; i++) {
        const at = chars[i];
        if (!at) continue;
        const range = document.createRange();
        range.setStart(at.node, at.offset);
        range.setEnd(at.node, at.offset + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        const before = chars[i - 1];
        if (previousTop !== null && rect.top > previousTop + rect.height / 2 && before) {
          if (han.test(before.char) && han.test(at.char) && !at.wbr) {
            const text = chars.map((c) => c.char).join("");
            brokenWords.push(`${describe(heading)}: ${text.slice(0, i)}|${text.slice(i)}`);
          }
        }
        previousTop = rect.top;
      }
    }
  }

  // Where a text node's lines break: the offsets of the characters that start a line after its
  // first (a character lower than the one before it by half a line), with the character before.
  const lineStarts = (node: Text): number[] => {
    if (rectsOf(node).length < 2) return [];
    const starts: number[] = [];
    const range = document.createRange();
    let previousTop: number | null = null;
    for (let offset = 0; offset < node.data.length; offset++) {
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      const rect = range.getClientRects()[0];
      if (!rect || rect.width === 0) continue;
      if (previousTop !== null && rect.top > previousTop + rect.height / 2) starts.push(offset);
      previousTop = rect.top;
    }
    return starts;
  };
  const drawnText = (root: Element) =>
    textNodes(root).filter(
      (node) => isDrawn(node.parentElement as Element) && !node.parentElement?.closest("svg"),
    );

  // Any text: no line starts next to a no-break space, a word joiner or a non-breaking hyphen,
  // where the build (or the copy) joined the characters on either side, nor between two Chinese
  // characters, or one and a figure, where the build offered no break: Chinese is set with `word-break:
  // keep-all`, so a line may start inside its text only after a zero width space the build put
  // between two words. This measures whether the engine honours the marks, whatever its own
  // dictionary.
  const joinedBreaks: string[] = [];
  const joining = (char: string | undefined) => char === "\u00a0" || char === "\u2011" || char === "\u2060";
  const chineseWord = /[\p{Script=Han}\d]/u;
  const inWord = (before: string | undefined, after: string | undefined) =>
    before !== undefined &&
    after !== undefined &&
    chineseWord.test(before) &&
    chineseWord.test(after) &&
    /\p{Script=Han}/u.test(before + after);
  for (const node of drawnText(document.body)) {
    if (!/[\u00a0\u2011\p{Script=Han}]/u.test(node.data)) continue;
    for (const start of lineStarts(node)) {
      const [before, after] = [node.data[start - 1], node.data[start]];
      if (!joining(before) && !joining(after) && !inWord(before, after)) continue;
      const shown = (text: string) => text.replace(/\u200b/g, "").replace(/\u00a0/g, "\u2423");
      joinedBreaks.push(
        `${describe(node.parentElement as Element)}: ${shown(node.data.slice(Math.max(0, start - 12), start))}|${shown(node.data.slice(start, start + 12))}`,
      );
    }
  }

  // Chinese text: no line starts inside a word of the browser's dictionary. The text is segmented
  // as it reads, without the zero width spaces between words (ui/scripts/line-breaks.mjs).
  const splitWords: string[] = [];
  if (sameDictionary && document.documentElement.lang.startsWith("zh")) {
    const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
    const han = /\p{Script=Han}/u;
    for (const node of drawnText(document.body)) {
      if (!han.test(node.data)) continue;
      const starts = lineStarts(node);
      if (starts.length === 0) continue;
      // Offsets in the node's text without zero width spaces, by offset in the node.
      const bare: number[] = [];
      let plain = "";
      for (let offset = 0; offset < node.data.length; offset++) {
        bare.push(plain.length);
        if (node.data[offset] !== "\u200b") plain += node.data[offset];
      }
      const inside = new Set<number>();
      for (const { segment, index } of segmenter.segment(plain)) {
        if (segment.length < 2 || !han.test(segment)) continue;
        for (let at = index + 1; at < index + segment.length; at++) inside.add(at);
      }
      for (const start of starts) {
        const at = bare[start] ?? 0;
        if (inside.has(at))
          splitWords.push(
            `${describe(node.parentElement as Element)}: ${plain.slice(Math.max(0, at - 8), at)}|${plain.slice(at, at + 8)}`,
          );
      }
    }
  }

  // Headings: no line ends in a hyphen, which a compound broken in two leaves.
  const hyphenEnds: string[] = [];
  for (const heading of document.querySelectorAll("h1, h2, h3, h4")) {
    if (!isDrawn(heading)) continue;
    for (const node of drawnText(heading)) {
      for (const start of lineStarts(node)) {
        const before = node.data.slice(0, start).replaceAll("\u200b", "");
        if (/[-\u2010\u2011]$/.test(before))
          hyphenEnds.push(`${describe(heading)}: ${before.slice(-12)}|${node.data.slice(start, start + 12)}`);
      }
    }
  }

  // Fixed overlays: an element fixed to the window, in view, over any text of the page.
  const overlays: string[] = [];
  for (const element of document.querySelectorAll("body *")) {
    if (getComputedStyle(element).position !== "fixed" || !isDrawn(element)) continue;
    const box = element.getBoundingClientRect();
    const inView = overlap(box, new DOMRect(0, 0, innerWidth, innerHeight));
    if (inView.x <= 0 || inView.y <= 0) continue;
    const covered = lines.filter(
      (line) =>
        !element.contains(line.owner) && overlap(box, line.rect).x > 0 && overlap(box, line.rect).y > 0,
    );
    if (covered.length > 0) overlays.push(`${describe(element)} covers ${covered.length} lines of text`);
  }

  return {
    overlaps: [...overlaps],
    leadIns,
    squeezed,
    brokenWords,
    joinedBreaks,
    splitWords,
    hyphenEnds,
    overlays,
  };
}
