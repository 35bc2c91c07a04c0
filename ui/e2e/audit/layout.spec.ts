import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { allPagePaths, withConsentRecorded } from "../site";
import { LayoutSweep, measureLayout, type PageLayout, PHONE_LENGTH } from "./layout-checks";

/** The widths every page is laid out at: a small phone, a common phone, a small tablet, a tablet in
 * landscape and a desktop. */
const WIDTHS = [320, 390, 800, 1024, 1440] as const;

/** Whether the sweep writes contact sheets (`LAYOUT_SHEETS=1`, as `scripts/audit.sh layout` sets it):
 * a full-page screenshot of every page costs as much as the rest of its audit, and the test
 * command reads the checks, not the pictures. */
const WRITE_SHEETS = process.env.LAYOUT_SHEETS === "1";

/** Where the contact sheets go: one HTML page per width and language, its screenshots beside it. */
const SHEETS = path.resolve(import.meta.dirname, "../../../artifacts/layout");

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
 * supported-assets notice included (on every page but the one it announces), measures it and,
 * given a contact sheet's `directory`, takes its screenshot. */
async function layOut(page: Page, pagePath: string, directory?: string): Promise<PageLayout> {
  const response = await page.goto(pagePath);
  expect(response?.status(), pagePath).toBe(200);
  await page.waitForSelector("html[data-hydrated=true]");
  if (!/^(\/zh)?\/support-token$/.test(pagePath)) await page.waitForSelector("[data-notice]");
  // Chromium's Intl.Segmenter has the dictionary (ICU's) the build marked words with.
  const layout = await measureLayout((fn, arg) => page.evaluate(fn as (arg: unknown) => never, arg), true);
  if (!directory) return layout;
  await page.screenshot({
    path: path.join(directory, fileName(pagePath)),
    fullPage: true,
    type: "jpeg",
    quality: 50,
  });
  return layout;
}

for (const width of WIDTHS) {
  for (const lang of ["en", "zh"] as const) {
    test(`layout at ${width} px, ${lang}: no overflow, clipped, overlapping or squeezed text, no stranded lead-in, no broken Chinese word, no joined run broken, no Chinese word split by the dictionary, no heading line ending in a hyphen, no overlay, no Chinese line starting with a particle or closing punctuation, no heading on its band's edge, no long text in the link colour outside a link, no five cards as three over two, no hero heading over three lines on a wide window, no card of a sideways row shorter than the row, a header on one line, no control of the header or hero under another element, no rule across a hero's text, no orphan card, no part of a diagram outside its box, no illustration used twice across the site${width === PHONE_LENGTH.width ? `, / and /trust-center at most ${PHONE_LENGTH.maxHeight} px tall` : ""}`, async ({
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
      const directory = WRITE_SHEETS ? path.join(SHEETS, `${width}-${lang}`) : undefined;
      if (directory) {
        fs.rmSync(directory, { recursive: true, force: true });
        fs.mkdirSync(directory, { recursive: true });
      }
      const sweep = new LayoutSweep(width);
      for (const pagePath of paths) sweep.add(pagePath, await layOut(page, pagePath, directory));
      if (directory)
        writeSheet(
          directory,
          `${paths.length} ${lang} pages at ${width} px`,
          paths.map((p) => ({ path: p, file: fileName(p) })),
        );
      sweep.print(
        `Layout at ${width} px, ${lang}`,
        directory ? ` (contact sheet: artifacts/layout/${width}-${lang}/index.html)` : "",
      );
      const problems = sweep.problems();
      expect(problems).toEqual([]);
    });
  }
}
