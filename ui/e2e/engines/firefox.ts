import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { isShown } from "./in-page";
import {
  type EngineBrowser,
  type EngineSession,
  type Key,
  type SessionOptions,
  type Viewport,
  WAIT_MS,
} from "./session";

/** Debian's Firefox ESR (`firefox-esr`), or `FIREFOX_PATH`. */
const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/** Starts Firefox ESR headless, with scripts on or off (Firefox ESR 153's WebDriver BiDi cannot
 * turn them off for one tab: a browser of its own, with `javascript.enabled` false, takes the
 * sessions without them), and drives it over WebDriver BiDi with puppeteer-core: Firefox binds a
 * port of its own and names it on its standard error, where puppeteer-core reads it. */
function launch(scripts: boolean): Promise<Browser> {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: scripts ? {} : { "javascript.enabled": false },
    // The test runner, not puppeteer, stops the browser.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** Firefox ESR for a test worker: the browser with scripts started at once, the one without when
 * a session first needs it. */
export async function launchFirefox(): Promise<EngineBrowser> {
  const browsers = new Map<boolean, Promise<Browser>>([[true, launch(true)]]);
  await browsers.get(true);
  const browserFor = (scripts: boolean): Promise<Browser> => {
    const started = browsers.get(scripts) ?? launch(scripts);
    browsers.set(scripts, started);
    return started;
  };
  return {
    open: async (origin, options) => openTab(await browserFor(options.scripts), origin, options),
    close: async () => {
      for (const browser of browsers.values()) await (await browser).close();
    },
  };
}

/** A tab in a browser context of its own (its own cookies and storage). */
async function openTab(browser: Browser, origin: string, options: SessionOptions): Promise<EngineSession> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await page.setViewport(options.viewport);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return new FirefoxSession(page, origin, options.scripts, errors, () => context.close());
}

/** Counts a tab's document loads, for waits that can only be told a load happened. */
class Loads {
  count = 0;
  private readonly waiting: (() => void)[] = [];

  /** A document has loaded. */
  add(): void {
    this.count += 1;
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Resolves at the next load; rejects when none comes within `ms`. */
  next(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no page loaded in ${WAIT_MS / 1000} s`)),
        Math.max(ms, 0),
      );
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** One Firefox tab as the journeys drive it. */
class FirefoxSession implements EngineSession {
  /** The loads of the tab's documents: how many so far, and the next one. */
  private readonly loads = new Loads();

  constructor(
    private readonly page: Page,
    private readonly origin: string,
    private readonly scripts: boolean,
    private readonly errors: string[],
    readonly close: () => Promise<void>,
  ) {
    page.on("load", () => this.loads.add());
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.origin).href, { waitUntil: "load" });
  }

  async url(): Promise<URL> {
    return new URL(await this.page.evaluate(() => location.href));
  }

  async evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>> {
    return (await this.page.evaluate(fn as (arg: unknown) => unknown, arg)) as Awaited<R>;
  }

  async runScript(source: string): Promise<void> {
    await this.page.evaluate(source);
  }

  async waitFor<A>(what: string, predicate: (arg: A) => unknown, arg: A): Promise<void> {
    try {
      if (this.scripts) {
        await this.page.waitForFunction(predicate as (arg: unknown) => unknown, { polling: "raf" }, arg);
        return;
      }
      // Without scripts the page runs no callback, so nothing can wait in it: what the visitor
      // did (a click, a key) has changed the page by the time its action returns, and otherwise
      // only a new document changes it. The predicate is asked now and after each load.
      const held = `Boolean((${predicate.toString()})(${JSON.stringify(arg ?? null)}))`;
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const seen = this.loads.count;
        if (await this.page.evaluate(held).catch(() => false)) return;
        if (this.loads.count === seen) await this.loads.next(deadline - Date.now());
      }
    } catch (error) {
      throw new Error(`waited ${WAIT_MS / 1000} s for ${what}: ${(error as Error).message}`);
    }
  }

  /** Waits until an element matching `selector` is shown, then answers it. */
  private async shown(selector: string): Promise<ElementHandle> {
    await this.waitFor(`${selector} to be shown`, isShown, selector);
    const element = await this.page.$(selector);
    if (!element) throw new Error(`${selector} went away`);
    return element;
  }

  async click(selector: string): Promise<void> {
    // As a pointer does: the element scrolled into view, a click at its middle (puppeteer's own
    // click waits with observers in the page, which a page without scripts does not run).
    const element = await this.shown(selector);
    await element.evaluate((target) => target.scrollIntoView({ block: "center", inline: "center" }));
    const box = await element.boundingBox();
    await element.dispose();
    if (!box) throw new Error(`${selector} has no box to click`);
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  async fill(selector: string, text: string): Promise<void> {
    const field = await this.shown(selector);
    await field.evaluate((element) => {
      (element as HTMLInputElement).focus();
      (element as HTMLInputElement).select();
    });
    await this.page.keyboard.press("Backspace");
    await field.type(text);
    await field.dispose();
  }

  async select(selector: string, value: string): Promise<void> {
    await (await this.shown(selector)).dispose();
    await this.page.select(selector, value);
  }

  async press(key: Key): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async setViewport(viewport: Viewport): Promise<void> {
    await this.page.setViewport(viewport);
  }

  async countRole(scope: string, _candidates: string, role: string): Promise<number> {
    const within = await this.shown(scope);
    const found = await within.$$(`::-p-aria([role="${role}"])`);
    await Promise.all([within, ...found].map((handle) => handle.dispose()));
    return found.length;
  }

  takeErrors(): Promise<string[]> {
    return Promise.resolve(this.errors.splice(0));
  }
}
