/** What the journeys, axe and the layout audit of Firefox and WebKit drive (e2e/engines/): one tab
 * of one engine, with the few actions a visitor takes. `firefox.ts` implements it over WebDriver
 * BiDi (puppeteer-core), `webkit.ts` over W3C WebDriver (WebKitWebDriver); a journey written
 * against it runs in both. */

/** The engines this folder runs (Chromium is Playwright's own, in the other specs). */
export type EngineName = "firefox" | "webkit";

/** Each engine's name as the tables print it. */
export const ENGINE_TITLES: Record<EngineName, string> = {
  firefox: "Firefox ESR",
  webkit: "WebKitGTK",
};

/** How long a wait for the page (an element, a state, a load) may take before the test fails. */
export const WAIT_MS = 20_000;

/** A window's inner size in CSS pixels. */
export interface Viewport {
  width: number;
  height: number;
}

/** How a session starts. */
export interface SessionOptions {
  /** The window's inner size at the start. */
  viewport: Viewport;
  /** Whether the pages' scripts run (a visitor whose browser blocks them, when false). */
  scripts: boolean;
}

/** The keys the journeys press. */
export type Key = "Enter" | "Escape" | "Tab";

/** One tab of an engine, its own cookies and storage, at the site under test. */
export interface EngineSession {
  /** Loads `path` (of the site under test) and waits for its load event. */
  goto(path: string): Promise<void>;
  /** The address the tab shows now. */
  url(): Promise<URL>;
  /** Runs `fn(arg)` in the page and answers its result (awaited, as JSON). `fn` is sent as
   * source, so it must be self-contained. */
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>;
  /** Runs the script `source` in the page (a library the test brings, such as axe-core), past
   * the page's content security policy, as the test's own code. */
  runScript(source: string): Promise<void>;
  /** Waits until `predicate(arg)` holds in the page, checked at every frame and again in the
   * next document when the page navigates; fails, saying `what`, after the session's timeout. */
  waitFor<A>(what: string, predicate: (arg: A) => unknown, arg: A): Promise<void>;
  /** Clicks the middle of the first element matching `selector`, as a pointer does (it must be in
   * view, or be scrolled into it, and not covered). */
  click(selector: string): Promise<void>;
  /** Replaces the value of the field matching `selector` by typing `text` into it. */
  fill(selector: string, text: string): Promise<void>;
  /** Chooses the option whose value is `value` in the `<select>` matching `selector`. */
  select(selector: string, value: string): Promise<void>;
  /** Presses `key` where the focus is. */
  press(key: Key): Promise<void>;
  /** Sets the window's inner size. */
  setViewport(viewport: Viewport): Promise<void>;
  /** How many elements inside the first match of `scope` the browser's accessibility tree
   * exposes with `role`, as assistive technology reads them. In WebKit, whose WebDriver tells an
   * element's computed role, the elements matching `candidates` inside `scope` are asked. */
  countRole(scope: string, candidates: string, role: string): Promise<number>;
  /** Script errors (uncaught exceptions, rejected promises, `console.error`) since the last call.
   * Firefox reports every one from the start of each load; WebKitGTK reports none to its
   * automation session, so there they are recorded from the end of each load (session
   * `goto` and the load a journey waits for), and a failed hydration shows as the page never
   * being marked hydrated. */
  takeErrors(): Promise<string[]>;
  /** Closes the tab and forgets its cookies and storage. */
  close(): Promise<void>;
}

/** An engine's browser, started once per test worker. */
export interface EngineBrowser {
  /** Opens a tab with its own cookies and storage at `origin`. */
  open(origin: string, options: SessionOptions): Promise<EngineSession>;
  /** Stops the browser and every process it started. */
  close(): Promise<void>;
}
