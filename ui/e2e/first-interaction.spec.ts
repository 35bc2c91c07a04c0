import { type Browser, type BrowserContextOptions, expect, type Page, test } from "@playwright/test";
import { printTable } from "./audit/table";
import { exposedExpanded, withoutOverlays } from "./site";

/** The longest a first interaction may take to show its answer: half of INP's "good". */
const BUDGET_MS = 100;

/** How many fresh page loads each interaction is measured on; the median is held to the budget. */
const RUNS = 3;

/** A phone as Lighthouse's mobile profile sees it, touch included, and a desktop window. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };

/** What the answer to an interaction looks like: an element that becomes visible, or one that
 * stops being visible. */
type Answer = { visible: string } | { hidden: string };

/** One first interaction: where, on what screen, with which overlays, and how it is made. `act`
 * returns once the input is sent; `answer` is what the visitor sees change. `after` checks the
 * state once everything has settled (for Escape: the menu stays closed). */
interface Interaction {
  name: string;
  path: string;
  screen: BrowserContextOptions;
  /** Whether the consent banner shows (first visit, no choice recorded). */
  consentBanner?: boolean;
  /** The input events that start the clock (the first of them after arming). */
  startOn?: ("pointerdown" | "keydown")[];
  /** Done after the page is idle and before the clock is armed. */
  prepare?: (page: Page) => Promise<void>;
  act: (page: Page) => Promise<void>;
  answer: Answer;
  after?: (page: Page) => Promise<void>;
}

/** Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbps down, 750 Kbps up, CPU 4× slower. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** Waits until the page is hydrated, the network has been quiet for half a second and the main
 * thread has had an idle period: a page loaded and at rest, as a visitor finds it before tapping. */
async function idle(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated=true]");
  await page.waitForLoadState("networkidle");
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
  );
}

/** Arms the clock in the page: it starts at the first `startOn` event (its `timeStamp`, when the
 * input happened) and stops after the first frame that paints `answer`, read in a task posted from
 * that frame's animation callback, so style, layout and paint are counted. Resolves to the
 * milliseconds between the two. */
async function arm(page: Page, answer: Answer, startOn: string[]): Promise<void> {
  await page.evaluate(
    ({ answer, startOn }) => {
      const shows = (selector: string) =>
        [...document.querySelectorAll(selector)].some(
          (element) =>
            element.checkVisibility({ visibilityProperty: true }) &&
            element.getBoundingClientRect().height > 0,
        );
      const answered = () => ("visible" in answer ? shows(answer.visible) : !shows(answer.hidden));
      if ("visible" in answer && answered())
        throw new Error(`the answer shows before the interaction: ${JSON.stringify(answer)}`);
      let start: number | null = null;
      const onInput = (event: Event) => {
        start ??= event.timeStamp;
      };
      for (const type of startOn) window.addEventListener(type, onInput, { capture: true });
      const measured = new Promise<number>((resolve) => {
        const check = () => {
          if (start === null || !answered()) {
            requestAnimationFrame(check);
            return;
          }
          const began = start;
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now() - began);
          channel.port2.postMessage(null);
        };
        requestAnimationFrame(check);
      });
      (window as unknown as { firstAnswer: Promise<number> }).firstAnswer = measured;
    },
    { answer, startOn },
  );
}

/** How long the page is given to show the answer before the run counts as failed. */
const ANSWER_TIMEOUT_MS = 10_000;

/** One run: the milliseconds from the input to the painted answer on a fresh, throttled, idle
 * page (infinite when no answer came), and what went wrong afterwards, if anything. */
async function measure(
  browser: Browser,
  interaction: Interaction,
): Promise<{ ms: number; problem: string | undefined }> {
  const context = await browser.newContext(interaction.screen);
  try {
    const page = await context.newPage();
    if (!interaction.consentBanner) await withoutOverlays(page);
    await throttle(page);
    await page.goto(interaction.path);
    await idle(page);
    await interaction.prepare?.(page);
    await arm(page, interaction.answer, interaction.startOn ?? ["pointerdown", "keydown"]);
    await interaction.act(page);
    const ms = await page.evaluate(
      (timeout) =>
        Promise.race([
          (window as unknown as { firstAnswer: Promise<number> }).firstAnswer,
          new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), timeout)),
        ]),
      ANSWER_TIMEOUT_MS,
    );
    if (!interaction.after) return { ms, problem: undefined };
    await idle(page);
    const problem = await interaction.after(page).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : String(error)),
    );
    return { ms, problem };
  } finally {
    await context.close();
  }
}

const menuInteraction = (lang: "en" | "zh"): Interaction => ({
  name: `phone menu (${lang})`,
  path: lang === "en" ? "/" : "/zh",
  screen: PHONE,
  act: (page) => page.locator(".menu-button").tap(),
  answer: { visible: ".phone-menu" },
  after: async (page) => {
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect.poll(() => exposedExpanded(page, ".menu-button")).toBe(true);
    // The header has followed: the panel holds its tools.
    await expect(page.locator(".phone-menu [data-lang-switch]")).toBeVisible();
  },
});

const dropdownInteraction = (group: string): Interaction => ({
  name: `desktop ${group} dropdown`,
  path: "/",
  screen: DESKTOP,
  act: (page) => page.locator(`[data-nav-group=${group}]`).click(),
  answer: { visible: `#nav-menu-${group}` },
});

const INTERACTIONS: Interaction[] = [
  menuInteraction("en"),
  menuInteraction("zh"),
  {
    name: "Escape right after opening the menu",
    path: "/",
    screen: PHONE,
    startOn: ["keydown"],
    act: async (page) => {
      await page.locator(".menu-button").tap();
      await page.keyboard.press("Escape");
    },
    answer: { hidden: ".phone-menu" },
    after: async (page) => {
      await expect(page.locator(".phone-menu")).toBeHidden();
      await expect.poll(() => exposedExpanded(page, ".menu-button")).toBe(false);
      await expect(page.locator(".phone-menu [data-lang-switch]")).toHaveCount(0);
    },
  },
  ...["solutions", "product", "company", "resources"].map(dropdownInteraction),
  {
    name: "consent banner, Settings",
    path: "/",
    screen: PHONE,
    consentBanner: true,
    act: (page) => page.locator(".consent").getByRole("button", { name: "Settings" }).tap(),
    answer: { visible: ".consent__levels" },
  },
  {
    name: "contact form, submit empty",
    path: "/contact-us",
    screen: PHONE,
    prepare: (page) => page.locator(".contact-form__submit").scrollIntoViewIfNeeded(),
    act: (page) => page.locator(".contact-form__submit").tap(),
    answer: { visible: ".contact-field__error" },
  },
  {
    name: "supported assets, Search",
    path: "/support-token",
    screen: PHONE,
    prepare: async (page) => {
      await page.getByLabel("Token").fill("USDT");
      await page.locator(".asset-filters [type=submit]").scrollIntoViewIfNeeded();
    },
    act: (page) => page.locator(".asset-filters [type=submit]").tap(),
    answer: { visible: ".assets-page [aria-busy=true]" },
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Timings mean something only on a machine that runs nothing else: the test runs when asked
 * (`FIRST_INTERACTION=1`), like the heavy tier of the Rust tests. */
const ASKED = process.env.FIRST_INTERACTION === "1";

test("every first interaction answers within 100 ms on a throttled phone", async ({ browser }) => {
  test.skip(!ASKED, "timings need an otherwise idle machine: set FIRST_INTERACTION=1");
  test.setTimeout(INTERACTIONS.length * RUNS * 40_000);
  const rows: (string | number)[][] = [];
  const failures: string[] = [];
  for (const interaction of INTERACTIONS) {
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { ms, problem } = await measure(browser, interaction);
      runs.push(ms);
      if (problem) failures.push(`${interaction.name}, run ${run + 1}: ${problem}`);
    }
    const typical = median(runs);
    rows.push([interaction.name, ...runs.map((ms) => ms.toFixed(0)), typical.toFixed(0)]);
    if (!(typical <= BUDGET_MS)) failures.push(`${interaction.name}: ${typical.toFixed(0)} ms`);
  }
  printTable(
    `first interactions, ms from the input to the painted answer (150 ms RTT, 1.6/0.75 Mbps, CPU 4×; budget ${BUDGET_MS})`,
    [
      "interaction",
      ...Array.from({ length: RUNS }, (_, run) => ({ heading: `run ${run + 1}`, right: true })),
      { heading: "median", right: true },
    ],
    rows,
  );
  expect(failures).toEqual([]);
});
