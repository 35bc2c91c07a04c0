/** The layout audit's box check (layout-checks.ts runs it beside layout-text.ts in every engine):
 * the document's width and clipped text (every closed disclosure of the page opened meanwhile),
 * orphan cards, drawn parts outside their box, the header's first row, the controls of the header
 * and hero that something else covers, and a rule drawn across the text of a hero. */

/** Pixels of rounding allowed before a box counts as overflowing. */
export const SLACK = 1;

/** What the layout check found on one page. */
export interface Findings {
  /** The document is wider than the window (a horizontal scroll bar), its disclosures open. */
  overflow: number;
  /** Elements whose text is cut off, outside a labelled scroll region, its disclosures open. */
  clipped: string[];
  /** Grids and wrapping rows whose last row holds one item under a row of three or more. */
  orphans: string[];
  /** Parts of a drawing (every element inside a `.lattice-diagram`) that paint outside their
   * parent's box: a shard crossing its continent's border. */
  spills: string[];
  /** The header's height and whether its items sit on one line. */
  header: { height: number; wrapped: string[] };
  /** Links, buttons and fields of the header and the hero, in the window, that a click at their
   * centre would not reach because another element lies over them (a drawing of the hero reaching
   * up over the navigation). */
  covered: string[];
  /** Horizontal rules of a hero (an element's or its positioned ::before's or ::after's top or
   * bottom border) that run through a line of the hero's text. */
  crossed: string[];
}

/** Measures the laid-out page (runs in the browser; self-contained, as it is sent to the page as
 * source). */
export function inspect(slack: number): Findings {
  const describe = (element: Element): string => {
    const id = element.id ? `#${element.id}` : "";
    const classes = [...element.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join("");
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${element.tagName.toLowerCase()}${id}${classes} “${text}”`;
  };
  /** Shown on screen: laid out, not hidden, and not the visually hidden text meant for screen
   * readers only (a one-pixel box, or clipped away). */
  const visible = (element: Element): boolean => {
    const style = getComputedStyle(element);
    if (style.display === "none" || style.visibility === "hidden") return false;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const clip = getComputedStyle(node);
      if (clip.clipPath.startsWith("inset(50%") || clip.clip.startsWith("rect(0")) return false;
    }
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };
  /** A region the visitor is told scrolls: named, focusable and scrollable sideways. */
  const inScrollRegion = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
      const named = node.hasAttribute("aria-label") || node.hasAttribute("aria-labelledby");
      if (scrolls && named && node.getAttribute("tabindex") === "0") return true;
    }
    return false;
  };
  const context = document.createElement("canvas").getContext("2d");
  /** The width of a form control's shown text (its value, chosen option or placeholder). */
  const shownTextWidth = (control: HTMLInputElement | HTMLSelectElement): number => {
    const style = getComputedStyle(control);
    const text =
      control instanceof HTMLSelectElement
        ? (control.selectedOptions[0]?.text ?? "")
        : control.value || control.placeholder;
    if (!context || !text) return 0;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return context.measureText(text).width;
  };

  // What a closed disclosure holds is measured too, as a visitor who opens it sees it; each is
  // closed again before the checks that follow.
  const closed = [...document.querySelectorAll<HTMLDetailsElement>("main details:not([open])")];
  for (const details of closed) details.open = true;
  const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  const clipped: string[] = [];
  for (const element of document.querySelectorAll("body *")) {
    if (!visible(element) || element.closest("[hidden], svg, [aria-hidden=true]")) continue;
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
      if (["checkbox", "radio", "hidden"].includes(element.type)) continue;
      const style = getComputedStyle(element);
      // A native select draws its arrow inside its content box; a restyled one (appearance: none)
      // keeps room for its own in the padding.
      const arrow = element instanceof HTMLSelectElement && style.appearance !== "none" ? 20 : 0;
      const room =
        element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
      if (shownTextWidth(element) > room + slack) clipped.push(`${describe(element)} (its text is cut off)`);
      continue;
    }
    const hasText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "",
    );
    if (!hasText || element.clientWidth === 0) continue;
    if (element.scrollWidth > element.clientWidth + slack && !inScrollRegion(element)) {
      clipped.push(`${describe(element)} (${element.scrollWidth} px of text in ${element.clientWidth} px)`);
    }
  }
  for (const details of closed) details.open = false;

  const orphans: string[] = [];
  for (const container of document.querySelectorAll("main *")) {
    const style = getComputedStyle(container);
    const lays =
      style.display.includes("grid") || (style.display.includes("flex") && style.flexWrap === "wrap");
    // A paragraph laid out as a wrapping row (the trust line under a hero) is a line of text: its
    // parts wrap as words do, and one alone on the last line is not a card beside empty slots.
    if (!lays || !visible(container) || container.tagName === "P") continue;
    const items = [...container.children].filter(
      (child) => visible(child) && !["absolute", "fixed"].includes(getComputedStyle(child).position),
    );
    if (items.length < 4) continue;
    // Cards are alike: the same element with the same first class. A layout of unlike parts (a
    // card's own fields, prose beside a list) is not a row of cards.
    const kind = (item: Element) => `${item.tagName}.${item.classList[0] ?? ""}`;
    if (new Set(items.map(kind)).size > 1) continue;
    const rows = new Map<number, number>();
    for (const item of items) {
      const top = Math.round(item.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    const counts = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, count]) => count);
    const widest = Math.max(...counts);
    // A last card that spans the row is a wide card, not an orphan beside empty slots.
    const last = items.at(-1)?.getBoundingClientRect().width ?? 0;
    const row = container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const spansTheRow = last >= 0.9 * row;
    if (counts.length > 1 && widest >= 3 && counts.at(-1) === 1 && !spansTheRow) {
      orphans.push(`${describe(container)}: rows of ${counts.join(" + ")}`);
    }
  }

  const spills: string[] = [];
  for (const part of document.querySelectorAll(".lattice-diagram *")) {
    const parent = part.parentElement;
    if (!parent || !visible(part)) continue;
    // The painted box: a rotated shard's corners, not its untransformed square.
    const drawn = part.getBoundingClientRect();
    const box = parent.getBoundingClientRect();
    const outside = Math.max(
      box.left - drawn.left,
      drawn.right - box.right,
      box.top - drawn.top,
      drawn.bottom - box.bottom,
    );
    if (outside > slack)
      spills.push(`${describe(part)} (${Math.round(outside)} px outside ${describe(parent)})`);
  }

  const header = document.querySelector(".site-header");
  const wrapped: string[] = [];
  // Every text of the header's first row stays on one line.
  const walker = document.createTreeWalker(
    document.querySelector(".site-header__inner") ?? document.body,
    NodeFilter.SHOW_TEXT,
  );
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (
      !parent ||
      !(node.textContent ?? "").trim() ||
      !visible(parent) ||
      parent.closest(".site-nav, [hidden]")
    ) {
      continue;
    }
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    if (lines.size > 1) wrapped.push(`${describe(parent)} (on ${lines.size} lines)`);
  }
  for (const list of document.querySelectorAll(".site-header ul")) {
    if (!visible(list) || list.closest("[hidden], [role=dialog]")) continue;
    const tops = new Set(
      [...list.children]
        .filter((child) => visible(child) && !child.closest("[hidden]"))
        .map((child) =>
          Math.round(child.getBoundingClientRect().top + child.getBoundingClientRect().height / 2),
        ),
    );
    if (tops.size > 1) wrapped.push(describe(list));
  }
  /** The horizontal rules of the hero that cross one of its lines of text: the top and bottom
   * borders of its elements and of their ::before and ::after when positioned against them (the
   * lattice lines), each a line from its left to its right edge; a rule crosses a line of text it
   * overlaps sideways and lies inside by more than 2 px from its top and bottom. */
  const crossedText = (): string[] => {
    const hero = document.querySelector(".hero");
    if (!hero) return [];
    const lines: { box: DOMRect; owner: Element }[] = [];
    const walker = document.createTreeWalker(hero, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement;
      if (!owner || !(node.textContent ?? "").trim() || !visible(owner)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) lines.push({ box, owner });
    }
    // An element's own border never crosses its own text; its ::before or ::after may.
    const rules: { y: number; left: number; right: number; of: Element; pseudo: boolean; what: string }[] =
      [];
    // A rule is a line as long as a word at least, level: a turned box (a tick, a shard) draws
    // no rule.
    for (const element of [hero, ...hero.querySelectorAll("*")]) {
      if (!visible(element) || getComputedStyle(element).transform !== "none") continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const drawn = (width: string, colour: string, kind: string) =>
        parseFloat(width) > 0 && kind !== "none" && !/rgba\(.*, 0\)$|transparent/.test(colour);
      if (drawn(style.borderTopWidth, style.borderTopColor, style.borderTopStyle))
        rules.push({
          y: box.top,
          left: box.left,
          right: box.right,
          of: element,
          pseudo: false,
          what: "top border",
        });
      if (drawn(style.borderBottomWidth, style.borderBottomColor, style.borderBottomStyle))
        rules.push({
          y: box.bottom,
          left: box.left,
          right: box.right,
          of: element,
          pseudo: false,
          what: "bottom border",
        });
      if (style.position === "static") continue;
      for (const pseudo of ["::before", "::after"]) {
        const own = getComputedStyle(element, pseudo);
        if (own.content === "none" || own.display === "none" || !["absolute", "fixed"].includes(own.position))
          continue;
        if (own.top === "auto" || own.left === "auto" || own.transform !== "none") continue;
        const top = box.top + parseFloat(style.borderTopWidth) + parseFloat(own.top);
        const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(own.left);
        const right = left + parseFloat(own.width);
        const height = parseFloat(own.height);
        if (drawn(own.borderTopWidth, own.borderTopColor, own.borderTopStyle))
          rules.push({ y: top, left, right, of: element, pseudo: true, what: `${pseudo}'s top border` });
        if (drawn(own.borderBottomWidth, own.borderBottomColor, own.borderBottomStyle))
          rules.push({
            y: top + height,
            left,
            right,
            of: element,
            pseudo: true,
            what: `${pseudo}'s bottom border`,
          });
      }
    }
    const crossed = new Set<string>();
    for (const rule of rules) {
      if (rule.right - rule.left < 24) continue;
      for (const { box, owner } of lines) {
        const across = rule.y > box.top + 2 && rule.y < box.bottom - 2;
        const beside = Math.min(rule.right, box.right) - Math.max(rule.left, box.left) > 1;
        if (across && beside && (rule.pseudo || !rule.of.contains(owner)))
          crossed.add(`${describe(rule.of)}'s ${rule.what.replace(/^::/, "")} through ${describe(owner)}`);
      }
    }
    return [...crossed];
  };

  const covered: string[] = [];
  const controls = ".site-header :is(a, button, input, select), .hero :is(a, button, input, select)";
  for (const control of document.querySelectorAll(controls)) {
    if (!visible(control) || control.closest("[hidden], [aria-hidden=true]")) continue;
    const box = control.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    // A fixed layer of the site (the consent banner, a dialog) is over the page by design.
    const fixed = hit?.closest("section.consent, [role=dialog]");
    if (hit && !control.contains(hit) && !fixed)
      covered.push(`${describe(control)} (under ${describe(hit)})`);
  }
  return {
    overflow,
    clipped,
    orphans,
    spills,
    header: { height: Math.round(header?.getBoundingClientRect().height ?? 0), wrapped },
    covered,
    crossed: crossedText(),
  };
}
