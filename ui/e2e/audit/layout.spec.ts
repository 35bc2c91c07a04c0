import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { allPagePaths, withConsentRecorded } from "../site";
import { inspectText, type TextFindings } from "./layout-text";
import { printTable } from "./table";

/** The widths every page is laid out at: a small phone, a common phone, a small tablet, a tablet in
 * landscape and a desktop. */
const WIDTHS = [320, 390, 800, 1024, 1440] as const;

/** Where the contact sheets go: one HTML page per width and language, its screenshots beside it. */
const SHEETS = path.resolve(import.meta.dirname, "../../../artifacts/layout");

/** The pages a phone visitor must not scroll through for ever, and how tall they may be at 390 px
 * (issue 37: the home page and the Trust center, in both languages). */
const PHONE_LENGTH = { width: 390, maxHeight: 9_000, pages: ["/", "/trust-center"] } as const;

/** Whether `pagePath` (either language) is held to the phone length. */
function heldToPhoneLength(pagePath: string, width: number): boolean {
  const unprefixed = pagePath.replace(/^\/zh(?=\/|$)/, "") || "/";
  return width === PHONE_LENGTH.width && (PHONE_LENGTH.pages as readonly string[]).includes(unprefixed);
}

/** Pixels of rounding allowed before a box counts as overflowing. */
const SLACK = 1;

/** What the layout check found on one page. */
interface Findings {
  /** The document is wider than the window (a horizontal scroll bar). */
  overflow: number;
  /** Elements whose text is cut off, outside a labelled scroll region. */
  clipped: string[];
  /** Grids and wrapping rows whose last row holds one item under a row of three or more. */
  orphans: string[];
  /** The header's height and whether its items sit on one line. */
  header: { height: number; wrapped: string[] };
}

/** Measures the laid-out page (runs in the browser). */
function inspect(slack: number): Findings {
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
  return {
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    clipped,
    orphans,
    header: { height: Math.round(header?.getBoundingClientRect().height ?? 0), wrapped },
  };
}

/** A page's name in the contact sheet and its screenshot file. */
function fileName(pagePath: string): string {
  return (pagePath.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-") || "home") + ".jpg";
}

/** Writes the contact sheet of one width and language: every page's screenshot in one page. */
function writeSheet(directory: string, title: string, pages: { path: string; file: string }[]): void {
  const figures = pages
    .map(
      (entry) =>
        `<figure><a href="${entry.file}"><img src="${entry.file}" loading="lazy" alt=""></a><figcaption>${entry.path}</figcaption></figure>`,
    )
    .join("\n");
  fs.writeFileSync(
    path.join(directory, "index.html"),
    `<!doctype html><meta charset="utf-8"><title>${title}</title><style>body{font:14px system-ui;margin:1rem}` +
      `main{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}` +
      `figure{margin:0}img{width:100%;height:24rem;object-fit:cover;object-position:top;border:1px solid #ccc}</style>` +
      `<h1>${title}</h1><main>${figures}</main>`,
  );
}

/** Lays out one page as a returning visitor sees it on the first page of a visit, the
 * supported-assets notice included (on every page but the one it announces), measures it and
 * takes its screenshot. */
async function layOut(
  page: Page,
  pagePath: string,
  directory: string,
): Promise<Findings & TextFindings & { illustrations: string[]; height: number }> {
  const response = await page.goto(pagePath);
  expect(response?.status(), pagePath).toBe(200);
  await page.waitForSelector("html[data-hydrated=true]");
  if (!/^(\/zh)?\/support-token$/.test(pagePath)) await page.waitForSelector("[data-notice]");
  await page.evaluate(() => document.fonts.ready);
  const findings = {
    ...(await page.evaluate(inspect, SLACK)),
    ...(await page.evaluate(inspectText)),
    illustrations: await page.$$eval("[data-illustration]", (drawings) =>
      drawings.map((drawing) => drawing.getAttribute("data-illustration") ?? ""),
    ),
    height: await page.evaluate(() => document.documentElement.scrollHeight),
  };
  await page.screenshot({
    path: path.join(directory, fileName(pagePath)),
    fullPage: true,
    type: "jpeg",
    quality: 50,
  });
  return findings;
}

for (const width of WIDTHS) {
  for (const lang of ["en", "zh"] as const) {
    test(`layout at ${width} px, ${lang}: no overflow, clipped, overlapping or squeezed text, no stranded lead-in, no broken Chinese word, no Chinese word split by the dictionary, no heading line ending in a hyphen, no overlay, a header on one line, no orphan card, no illustration used twice across the site${width === PHONE_LENGTH.width ? `, / and /trust-center at most ${PHONE_LENGTH.maxHeight} px tall` : ""}`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await withConsentRecorded(page);
      // Each page as the first of a visit, which the supported-assets notice is shown on.
      await page.addInitScript(() => sessionStorage.removeItem("noticeShown.supportedAssets"));
      const paths = (await allPagePaths(request)).filter(
        (p) => (p === "/zh" || p.startsWith("/zh/")) === (lang === "zh"),
      );
      test.setTimeout(paths.length * 6_000);
      const directory = path.join(SHEETS, `${width}-${lang}`);
      fs.rmSync(directory, { recursive: true, force: true });
      fs.mkdirSync(directory, { recursive: true });
      const rows: (string | number)[][] = [];
      const problems: string[] = [];
      const headerHeights = new Map<number, string[]>();
      /** The pages that show each illustration: every drawing is used once on the whole site. */
      const shownOn = new Map<string, string[]>();
      for (const pagePath of paths) {
        const found = await layOut(page, pagePath, directory);
        for (const art of found.illustrations) shownOn.set(art, [...(shownOn.get(art) ?? []), pagePath]);
        headerHeights.set(found.header.height, [...(headerHeights.get(found.header.height) ?? []), pagePath]);
        const kinds: [string, string[]][] = [
          ["clipped", found.clipped],
          ["orphan", found.orphans],
          ["the header wraps:", found.header.wrapped],
          ["text over text:", found.overlaps],
          ["stranded lead-in", found.leadIns],
          ["squeezed", found.squeezed],
          ["a Chinese word broken:", found.brokenWords],
          ["a Chinese word split (Intl.Segmenter):", found.splitWords],
          ["a heading line ends in a hyphen:", found.hyphenEnds],
          ["overlay", found.overlays],
        ];
        const tooLong =
          heldToPhoneLength(pagePath, width) && found.height > PHONE_LENGTH.maxHeight
            ? [
                `${found.height} px tall, over the ${PHONE_LENGTH.maxHeight} px a phone visitor scrolls at most`,
              ]
            : [];
        kinds.push(["too long:", tooLong]);
        const hits = (found.overflow > SLACK ? 1 : 0) + kinds.reduce((sum, [, list]) => sum + list.length, 0);
        if (hits > 0) {
          rows.push([
            pagePath,
            found.overflow > SLACK ? `${found.overflow} px` : "-",
            ...kinds.map(([, list]) => list.length),
          ]);
          if (found.overflow > SLACK)
            problems.push(`${pagePath}: the document is ${found.overflow} px wider than the window`);
          for (const [name, list] of kinds)
            for (const what of list) problems.push(`${pagePath}: ${name} ${what}`);
        }
      }
      writeSheet(
        directory,
        `${paths.length} ${lang} pages at ${width} px`,
        paths.map((p) => ({ path: p, file: fileName(p) })),
      );
      for (const [art, on] of shownOn) {
        if (on.length > 1)
          problems.push(`an illustration used twice across the site: ${art} on ${on.join(" and ")}`);
      }
      if (headerHeights.size > 1) {
        problems.push(
          `the header's height differs between pages: ${[...headerHeights.entries()].map(([height, on]) => `${height} px on ${on.length} (${on[0]})`).join(", ")}`,
        );
      }
      printTable(
        `Layout at ${width} px, ${lang}: ${paths.length} pages, header ${[...headerHeights.keys()].join("/")} px, ${rows.length} with hits (contact sheet: artifacts/layout/${width}-${lang}/index.html)`,
        [
          "page",
          "overflow",
          { heading: "clipped", right: true },
          { heading: "orphans", right: true },
          { heading: "header wraps", right: true },
          { heading: "overlaps", right: true },
          { heading: "lead-ins", right: true },
          { heading: "squeezed", right: true },
          { heading: "broken words", right: true },
          { heading: "split words", right: true },
          { heading: "hyphen ends", right: true },
          { heading: "overlays", right: true },
          { heading: "too long", right: true },
        ],
        rows,
      );
      expect(problems).toEqual([]);
    });
  }
}
