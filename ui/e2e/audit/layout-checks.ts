import { inspect, SLACK, type Findings } from "./layout-inspect";
import { inspectText, type TextFindings } from "./layout-text";
import {
  HEADING_CLEARANCE,
  HERO_TITLE,
  inspectRhythm,
  LINK_COLOURED_TEXT,
  type RhythmFindings,
} from "./layout-rhythm";
import { printTable } from "./table";

/** The layout audit's checks, whatever drives the browser: the Chromium audit (layout.spec.ts) and
 * the Firefox and WebKit runs (e2e/engines/layout.spec.ts) measure each page with
 * `measureLayout` and hand the findings to a `LayoutSweep`, which turns them into the same
 * problems and the same table. */

/** The pages a phone visitor must not scroll through for ever, and how tall they may be at 390 px
 * (issue 37: the home page and the Trust center, in both languages). */
export const PHONE_LENGTH = { width: 390, maxHeight: 9_000, pages: ["/", "/trust-center"] } as const;

/** Whether `pagePath` (either language) is held to the phone length. */
function heldToPhoneLength(pagePath: string, width: number): boolean {
  const unprefixed = pagePath.replace(/^\/zh(?=\/|$)/, "") || "/";
  return width === PHONE_LENGTH.width && (PHONE_LENGTH.pages as readonly string[]).includes(unprefixed);
}

/** Everything the checks measure on one laid-out page. */
export type PageLayout = Findings &
  TextFindings &
  RhythmFindings & { illustrations: string[]; height: number };

/** Runs `fn(arg)` in the page under test and answers its JSON result: `page.evaluate` in
 * Playwright, the same through WebDriver BiDi or W3C WebDriver in the other engines. */
export type Evaluate = <A, R>(fn: (arg: A) => R, arg: A) => Promise<Awaited<R>>;

/** The illustrations a page shows and its height (runs in the browser). */
function illustrationsAndHeight(): { illustrations: string[]; height: number } {
  return {
    illustrations: [...document.querySelectorAll("[data-illustration]")].map(
      (drawing) => drawing.getAttribute("data-illustration") ?? "",
    ),
    height: document.documentElement.scrollHeight,
  };
}

/** Measures the page as it is laid out once its fonts have loaded (hydrated). `sameDictionary`: whether
 * the browser's `Intl.Segmenter` segments Chinese with the dictionary the build marked words with
 * (Node's ICU, as Chromium's does): only then is a line break inside one of its words a fault of
 * the marks. Firefox and WebKit have dictionaries of their own; there the audit checks that the
 * engine honours the marks (`joinedBreaks`). */
export function measureLayout(evaluate: Evaluate, sameDictionary: boolean): Promise<PageLayout> {
  return evaluate(measureInPage, {
    slack: SLACK,
    sameDictionary,
    rhythm: { clearance: HEADING_CLEARANCE, linkText: LINK_COLOURED_TEXT, heroTitle: HERO_TITLE },
  });
}

/** What the page-side measures are given. */
interface MeasureArguments {
  slack: number;
  sameDictionary: boolean;
  rhythm: Parameters<typeof inspectRhythm>[0];
}

/** Every measure in one function sent to the page, once its fonts have loaded, so that a page
 * costs one round trip to the browser, not five (a WebDriver round trip costs tens of
 * milliseconds in Firefox and WebKit). Each measure is self-contained and sent as its source, so
 * the one function is their sources called in turn. */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page runs sources, not closures
const measureInPage = new Function(
  "measures",
  `return document.fonts.ready.then(() => ({
    ...(${inspect.toString()})(measures.slack),
    ...(${inspectText.toString()})(measures.sameDictionary),
    ...(${inspectRhythm.toString()})(measures.rhythm),
    ...(${illustrationsAndHeight.toString()})(),
  }));`,
) as (measures: MeasureArguments) => Promise<PageLayout>;

/** The problems found on the pages of one width and language, page by page, and those only the
 * whole sweep shows: the header's height differing between pages, an illustration used twice. */
export class LayoutSweep {
  private readonly rows: (string | number)[][] = [];
  private readonly found: string[] = [];
  private readonly headerHeights = new Map<number, string[]>();
  /** The pages that show each illustration: every drawing is used once on the whole site. */
  private readonly shownOn = new Map<string, string[]>();
  private pages = 0;

  /** `phoneLength`: whether the pages of PHONE_LENGTH are held to its height. The budget was set
   * and is held in Chromium (layout.spec.ts); text wraps a little differently in each engine
   * (Firefox lays /trust-center out 231 px taller than Chromium at 390 px), so the other
   * engines' runs measure every other check and leave this one out. */
  constructor(
    private readonly width: number,
    private readonly phoneLength = true,
  ) {}

  /** Adds the measures of `pagePath`. */
  add(pagePath: string, layout: PageLayout): void {
    this.pages += 1;
    for (const art of layout.illustrations)
      this.shownOn.set(art, [...(this.shownOn.get(art) ?? []), pagePath]);
    const height = layout.header.height;
    this.headerHeights.set(height, [...(this.headerHeights.get(height) ?? []), pagePath]);
    const kinds: [string, string[]][] = [
      ["clipped", layout.clipped],
      ["orphan", layout.orphans],
      ["a drawn part paints outside its parent:", layout.spills],
      ["the header wraps:", layout.header.wrapped],
      ["a control under another element:", layout.covered],
      ["a rule across the hero's text:", layout.crossed],
      ["text over text:", layout.overlaps],
      ["stranded lead-in", layout.leadIns],
      ["squeezed", layout.squeezed],
      ["a Chinese word broken:", layout.brokenWords],
      ["a joined run broken:", layout.joinedBreaks],
      ["a Chinese word split (Intl.Segmenter):", layout.splitWords],
      ["a heading line ends in a hyphen:", layout.hyphenEnds],
      ["overlay", layout.overlays],
      ["a Chinese line starts badly:", layout.badLineStarts],
      ["a heading on its band's edge:", layout.headingsOnEdge],
      ["long text in the link colour:", layout.linkColoured],
      ["five cards set three over two:", layout.threeOverTwo],
      ["a hero heading too long:", layout.tallTitles],
      ["a sideways row's cards of unequal heights:", layout.unevenRows],
      [
        "too long:",
        this.phoneLength && heldToPhoneLength(pagePath, this.width) && layout.height > PHONE_LENGTH.maxHeight
          ? [
              `${layout.height} px tall, over the ${PHONE_LENGTH.maxHeight} px a phone visitor scrolls at most`,
            ]
          : [],
      ],
    ];
    const overflows = layout.overflow > SLACK;
    const hits = (overflows ? 1 : 0) + kinds.reduce((sum, [, list]) => sum + list.length, 0);
    if (hits === 0) return;
    this.rows.push([
      pagePath,
      overflows ? `${layout.overflow} px` : "-",
      ...kinds.map(([, list]) => list.length),
    ]);
    if (overflows)
      this.found.push(`${pagePath}: the document is ${layout.overflow} px wider than the window`);
    for (const [name, list] of kinds)
      for (const what of list) this.found.push(`${pagePath}: ${name} ${what}`);
  }

  /** Every problem of the sweep, one line each. */
  problems(): string[] {
    const problems = [...this.found];
    for (const [art, on] of this.shownOn) {
      if (on.length > 1)
        problems.push(`an illustration used twice across the site: ${art} on ${on.join(" and ")}`);
    }
    if (this.headerHeights.size > 1) {
      problems.push(
        `the header's height differs between pages: ${[...this.headerHeights.entries()].map(([height, on]) => `${height} px on ${on.length} (${on[0]})`).join(", ")}`,
      );
    }
    return problems;
  }

  /** Prints the table of the pages with hits under `title` (which names the engine, width and
   * language); `note` follows the header heights on the title line. */
  print(title: string, note = ""): void {
    printTable(
      `${title}: ${this.pages} pages, header ${[...this.headerHeights.keys()].join("/")} px, ${this.rows.length} with hits${note}`,
      [
        "page",
        "overflow",
        { heading: "clipped", right: true },
        { heading: "orphans", right: true },
        { heading: "spills", right: true },
        { heading: "header wraps", right: true },
        { heading: "covered", right: true },
        { heading: "crossed", right: true },
        { heading: "overlaps", right: true },
        { heading: "lead-ins", right: true },
        { heading: "squeezed", right: true },
        { heading: "broken words", right: true },
        { heading: "joined runs", right: true },
        { heading: "split words", right: true },
        { heading: "hyphen ends", right: true },
        { heading: "overlays", right: true },
        { heading: "line starts", right: true },
        { heading: "edge headings", right: true },
        { heading: "link colour", right: true },
        { heading: "3 + 2", right: true },
        { heading: "tall titles", right: true },
        { heading: "uneven rows", right: true },
        { heading: "too long", right: true },
      ],
      this.rows,
    );
  }
}
