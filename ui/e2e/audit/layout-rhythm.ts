/** The layout audit's checks of typographic rhythm (layout-checks.ts runs them beside
 * layout-inspect.ts and layout-text.ts in every engine): lines of Chinese that start with a
 * particle or closing punctuation, section headings on their band's edge, long text in the link
 * colour that is no link, five cards set three over two, a hero heading of more than three lines
 * on a wide window, and cards of a sideways row of unequal heights. */

/** The least space between a band's top edge and its heading, in pixels: on a window 768 px wide
 * or wider, where a band's padding is 64 px, and on a phone, where it is 32 px (a folded section's
 * heading, a disclosure row, sits closer: 16 px under its rule, a heading of two lines too). */
export const HEADING_CLEARANCE = { wide: 48, phone: 16, wideFrom: 768 } as const;

/** The most lines a hero's heading may run to on a window this wide or wider (a long title is
 * set a step smaller there, `hero--long`). */
export const HERO_TITLE = { maxLines: 3, from: 1200 } as const;

/** The most characters a text in the link colour may have outside a link. */
export const LINK_COLOURED_TEXT = 80;

/** What the rhythm check found on one page. */
export interface RhythmFindings {
  /** Chinese lines that start with 的, 了 or 和 standing alone (not the first character of a word
   * of the browser's dictionary, such as 了解), or with closing punctuation. */
  badLineStarts: string[];
  /** Section headings (h2) closer than HEADING_CLEARANCE to the top edge of their band: its own
   * top where its background or a border changes there, else the end of the content above it. */
  headingsOnEdge: string[];
  /** Text longer than LINK_COLOURED_TEXT characters set in the link colour outside a link. */
  linkColoured: string[];
  /** Five alike cards laid out as a row of three over a row of two. */
  threeOverTwo: string[];
  /** A hero's heading (h1) running to more than HERO_TITLE.maxLines lines on a window
   * HERO_TITLE.from pixels wide or wider. */
  tallTitles: string[];
  /** Cards of a row that scrolls sideways (`.scroller`) not as tall as the row: a blank under the
   * shorter ones. */
  unevenRows: string[];
}

/** Measures the laid-out page (runs in the browser; self-contained, as it is sent to the page as
 * source). */
export function inspectRhythm(limits: {
  clearance: typeof HEADING_CLEARANCE;
  linkText: number;
  heroTitle: typeof HERO_TITLE;
}): RhythmFindings {
  const describe = (element: Element): string => {
    const classes = [...element.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join("");
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${element.tagName.toLowerCase()}${classes} “${text}”`;
  };
  const seen = new Map<Element, boolean>();
  const drawn = (element: Element): boolean => {
    if (!seen.has(element)) seen.set(element, laidOut(element));
    return seen.get(element) ?? false;
  };
  const laidOut = (element: Element): boolean => {
    if (element.closest("[hidden], svg")) return false;
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.clipPath.startsWith("inset(50%") || style.clip.startsWith("rect(0")) return false;
    }
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };

  // Chinese lines: none starts with a particle standing alone, or with closing punctuation. A
  // character starts a line when it sits lower than the last character drawn before it in the
  // same block by half a line or more.
  const badLineStarts: string[] = [];
  if (document.documentElement.lang.startsWith("zh")) {
    const particle = /[的了和]/u;
    const closing = /[\p{Pe}\p{Pf}、。，．：；！？,.;:!?]/u;
    const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
    const blockOf = (element: Element): Element => {
      let node: Element = element;
      while (node.parentElement && getComputedStyle(node).display === "inline") node = node.parentElement;
      return node;
    };
    const rectOf = (node: Text, offset: number): DOMRect | undefined => {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return [...range.getClientRects()].find((rect) => rect.width > 0);
    };
    let last: { node: Text; offset: number; block: Element } | null = null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let current = walker.nextNode(); current; current = walker.nextNode()) {
      const node = current as Text;
      const owner = node.parentElement;
      if (!owner || !node.data.trim() || !drawn(owner)) continue;
      const block = blockOf(owner);
      if (last && last.block !== block) last = null;
      // The characters that stand alone as words of the dictionary, by offset in the node.
      const alone = new Set<number>();
      if (particle.test(node.data)) {
        for (const { segment, index } of segmenter.segment(node.data)) {
          if (segment.length === 1) alone.add(index);
        }
      }
      for (let offset = 0; offset < node.data.length; offset++) {
        const char = node.data[offset] ?? "";
        if (/[\s\u200b]/u.test(char)) continue;
        const suspect = closing.test(char) || (particle.test(char) && alone.has(offset));
        if (suspect && last) {
          const here = rectOf(node, offset);
          const before = rectOf(last.node, last.offset);
          if (here && before && here.top >= before.top + here.height / 2) {
            const shown = (text: string) => text.replaceAll("\u200b", "");
            badLineStarts.push(
              `${describe(block)}: a line starts with ${char} (…${shown(node.data.slice(Math.max(0, offset - 12), offset))}|${shown(node.data.slice(offset, offset + 12))})`,
            );
          }
        }
        last = { node, offset, block };
      }
    }
  }

  // Section headings: the band's top edge is where its background or a border changes; where the
  // band above has the same background and no border between them, the edge the eye sees is the
  // end of the content above (that band's bottom, less its bottom padding).
  const background = (element: Element | null): string => {
    for (let node = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") return colour;
    }
    return "rgb(255, 255, 255)";
  };
  const bandBefore = (band: Element): Element | null => {
    for (let node: Element | null = band; node && node !== document.body; node = node.parentElement) {
      for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
        const style = getComputedStyle(sibling);
        if (
          ["static", "relative"].includes(style.position) &&
          style.display !== "none" &&
          sibling.getBoundingClientRect().height > 0
        )
          return sibling;
      }
    }
    return null;
  };
  const headingsOnEdge: string[] = [];
  const clearance = innerWidth >= limits.clearance.wideFrom ? limits.clearance.wide : limits.clearance.phone;
  for (const band of document.querySelectorAll("main :is(.section, .cta)")) {
    const heading = band.querySelector("h2");
    if (!heading || !drawn(heading)) continue;
    const above = bandBefore(band);
    const style = getComputedStyle(band);
    const box = band.getBoundingClientRect();
    const visible =
      !above ||
      parseFloat(style.borderTopWidth) > 0 ||
      parseFloat(getComputedStyle(above).borderBottomWidth) > 0 ||
      background(band) !== background(above);
    const edge =
      visible || !above
        ? box.top
        : above.getBoundingClientRect().bottom - parseFloat(getComputedStyle(above).paddingBottom);
    const gap = heading.getBoundingClientRect().top - edge;
    if (gap < clearance)
      headingsOnEdge.push(
        `${describe(heading)} is ${Math.round(gap)} px under its band's ${visible ? "top edge" : "content above"}`,
      );
  }

  // Text in the link colour: the colour tells a reader it is a link, so long text outside a link
  // (a description set in it by mistake) fails.
  const probe = document.createElement("span");
  probe.style.color = "var(--color-link)";
  document.body.append(probe);
  const linkColour = getComputedStyle(probe).color;
  probe.remove();
  const linkColoured: string[] = [];
  for (const element of document.querySelectorAll(
    "body :is(p, li, dd, dt, td, th, figcaption, blockquote)",
  )) {
    if (element.closest("a") || !drawn(element)) continue;
    const text = (element.textContent ?? "").replace(/[\s\u200b]+/g, " ").trim();
    if (text.length > limits.linkText && getComputedStyle(element).color === linkColour)
      linkColoured.push(`${describe(element)} (${text.length} characters)`);
  }

  // Five alike cards: in one row, or two over three; three over two leaves a hole under the row.
  const threeOverTwo: string[] = [];
  for (const container of document.querySelectorAll("main *")) {
    const style = getComputedStyle(container);
    const lays =
      style.display.includes("grid") || (style.display.includes("flex") && style.flexWrap === "wrap");
    if (!lays || !drawn(container)) continue;
    const items = [...container.children].filter(
      (child) => drawn(child) && !["absolute", "fixed"].includes(getComputedStyle(child).position),
    );
    if (
      items.length !== 5 ||
      new Set(items.map((item) => `${item.tagName}.${item.classList[0] ?? ""}`)).size > 1
    )
      continue;
    const rows = new Map<number, number>();
    for (const item of items) {
      const top = Math.round(item.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    const counts = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, count]) => count);
    if (counts.join("+") === "3+2") threeOverTwo.push(`${describe(container)}: rows of 3 + 2`);
  }

  // A hero's heading: at most three lines on a wide window.
  const tallTitles: string[] = [];
  if (window.innerWidth >= limits.heroTitle.from) {
    for (const title of document.querySelectorAll(".hero h1")) {
      if (!drawn(title)) continue;
      const style = getComputedStyle(title);
      const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
      const lines = Math.round(title.getBoundingClientRect().height / lineHeight);
      if (lines > limits.heroTitle.maxLines) tallTitles.push(`${describe(title)}: ${lines} lines`);
    }
  }

  // A row of cards that scrolls sideways: every card as tall as the row.
  const unevenRows: string[] = [];
  for (const row of document.querySelectorAll("main .scroller")) {
    if (!drawn(row) || !["auto", "scroll"].includes(getComputedStyle(row).overflowX)) continue;
    const heights = [...row.children]
      .filter((card) => drawn(card))
      .map((card) => card.getBoundingClientRect().height);
    const tallest = Math.max(...heights);
    const short = heights.filter((height) => tallest - height > 1).length;
    if (short > 0)
      unevenRows.push(`${describe(row)}: ${short} of ${heights.length} cards shorter than the row`);
  }

  return { badLineStarts, headingsOnEdge, linkColoured, threeOverTwo, tallTitles, unevenRows };
}
