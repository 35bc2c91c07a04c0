import { LayoutSweep, measureLayout } from "../audit/layout-checks";
import { allPagePaths } from "../site";
import { expect, test } from "./fixtures";
import { ENGINE_TITLES } from "./session";
import { LANGS, recordVisit } from "./steps";

/** The widths of the layout audit in these engines: a phone's and a desktop's (the Chromium audit,
 * e2e/audit/layout.spec.ts, adds 320, 800 and 1024). */
const WIDTHS = [390, 1440] as const;

/** Every page is laid out in each engine (98 a language): the pages one template makes differ in
 * their text, and each engine breaks text its own way. Measured on the shared two-core machine,
 * every page at both widths takes about 2.9 minutes of the engines step against 1 for a page of
 * each kind. */

/** Time the audit may take per page, generous for a busy machine. */
const MS_PER_PAGE = 4_000;

for (const width of WIDTHS) {
  for (const lang of LANGS) {
    test(`layout at ${width} px, ${lang}: the layout audit's checks on every page`, async ({
      open,
      engine,
      request,
    }) => {
      const chosen = await allPagePaths(request);
      const paths = chosen.filter((path) => (path === "/zh" || path.startsWith("/zh/")) === (lang === "zh"));
      test.setTimeout(paths.length * MS_PER_PAGE);
      const session = await open({ viewport: { width, height: 900 } });
      // A returning visitor: the cookie choice made, the supported-assets notice not dismissed.
      await recordVisit(session, { consent: "necessary", noticeDismissed: false });
      // Every check of the Chromium audit but the phone length of two pages, a budget held there.
      const sweep = new LayoutSweep(width, false);
      for (const path of paths) {
        // Each page as the first of a visit, which the supported-assets notice is shown on.
        await session.evaluate(() => {
          sessionStorage.removeItem("noticeShown.supportedAssets");
          return null;
        }, null);
        await session.goto(path);
        await session.waitFor(
          "the page to hydrate and show the supported-assets notice",
          (announcing) =>
            document.documentElement.dataset.hydrated === "true" &&
            (announcing || document.querySelector("[data-notice]") !== null),
          /^(\/zh)?\/support-token$/.test(path),
        );
        // Their Intl.Segmenter has a dictionary of its own, not the build's: the audit checks that
        // the engine honours the build's marks, not its own idea of a word.
        sweep.add(path, await measureLayout((fn, arg) => session.evaluate(fn, arg), false));
      }
      sweep.print(`Layout in ${ENGINE_TITLES[engine]} at ${width} px, ${lang}`);
      // Script errors are the journeys' and axe's to check, on settled pages: here each page is
      // left as soon as it is measured, which cuts short the code it loads when idle (Firefox
      // then logs the navigation code's import as failed, in the page being left).
      expect(sweep.problems()).toEqual([]);
    });
  }
}
