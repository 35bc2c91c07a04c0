import fs from "node:fs";
import { createRequire } from "node:module";
import { printTable } from "../audit/table";
import { representativePagePaths } from "../site";
import { expect, test } from "./fixtures";
import { ENGINE_TITLES } from "./session";
import { at, LANGS, openHydrated, shown } from "./steps";

/** axe-core, the same build @axe-core/playwright runs in the Chromium specs. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The ten pages of each language axe looks at in these engines: a page of every kind (marketing,
 * product, trust, form, table, FAQ and its search, announcements), the dynamic ones the first
 * of their route (representativePagePaths). */
const PAGES = [
  "/",
  "/services",
  "/solutions/defi-fund",
  "/trust-center",
  "/contact-us",
  "/support-token",
  "/faq",
  "/faq/search?q=key",
  "/announcements",
];

/** axe-core's violations on the page as it is now, one line each (as `axeViolations` of
 * e2e/site.ts prints them): its default rule set, no tags chosen, as in the Chromium run. */
function axeViolations(): Promise<string[]> {
  const axe = (
    window as unknown as {
      axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> };
    }
  ).axe;
  return axe
    .run()
    .then((results) =>
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    );
}

for (const lang of LANGS) {
  test(`axe finds no violation on ten ${lang} pages, the consent banner open`, async ({
    open,
    engine,
    request,
  }) => {
    const announcement = [...(await representativePagePaths(request))].find((path) =>
      path.startsWith(at(lang, "/announcements/")),
    );
    const paths = [...PAGES.map((path) => at(lang, path)), announcement ?? "(no announcement)"];
    const session = await open();
    const rows: (string | number)[][] = [];
    for (const path of paths) {
      await openHydrated(session, path);
      await shown(session, "section.consent");
      await session.runScript(AXE_SOURCE);
      const violations = await session.evaluate(axeViolations, null);
      rows.push([path, violations.length, violations.join("; ")]);
    }
    printTable(
      `axe in ${ENGINE_TITLES[engine]}: ten ${lang} pages at 1280×800, consent banner open`,
      ["page", { heading: "violations", right: true }, "found"],
      rows,
    );
    expect(rows.filter((row) => row[1] !== 0)).toEqual([]);
    expect(await session.takeErrors(), "script errors").toEqual([]);
  });
}
