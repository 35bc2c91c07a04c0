import { spawn } from "node:child_process";
import net, { type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  type EngineBrowser,
  type EngineSession,
  type Key,
  type SessionOptions,
  type Viewport,
  WAIT_MS,
} from "./session";
import { KEY_CODES, newSession, WebDriverError, type WebDriverSession } from "./webdriver";

/** WebKitGTK's MiniBrowser (Debian's `webkit2gtk-driver` package), or `MINIBROWSER_PATH`. */
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** The folder MiniBrowser reads its GTK style sheet from (its `gtk-3.0/gtk.css` lets the window
 * go narrower than the toolbar would allow, down to a phone's width). */
const GTK_CONFIG = fileURLToPath(new URL("./webkit-gtk", import.meta.url));

/** The size of Xvfb's screen. */
const SCREEN = { width: 1920, height: 1200 };

/** How long the driver and Xvfb may take to start. */
const START_MS = 30_000;

/** How long MiniBrowser may take to open a session's window (about a second usually). */
const SESSION_MS = 20_000;

/** A port nobody listens on now: bound here by the system's choice, then released for the driver
 * (WebKitWebDriver neither takes a listening socket nor says which port it bound). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A running WebKitWebDriver: its address, how to stop it, and the end of its standard error. */
interface Driver {
  base: string;
  started: number;
  stop(): Promise<void>;
  stderr(): string;
}

/** Starts WebKitWebDriver under `xvfb-run` (an X server of its own, on the first free display);
 * each session it opens is a MiniBrowser window on that display. The driver, Xvfb and every
 * MiniBrowser share the process group xvfb-run leads: stopped together, also when this process
 * ends without stopping them. */
async function startDriver(): Promise<Driver> {
  const port = await freePort();
  const driver = spawn(
    "xvfb-run",
    [
      "--auto-servernum",
      `--server-args=-screen 0 ${SCREEN.width}x${SCREEN.height}x24`,
      "WebKitWebDriver",
      `--port=${port}`,
    ],
    {
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, XDG_CONFIG_HOME: GTK_CONFIG },
    },
  );
  let stderr = "";
  driver.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<void>((resolve) => driver.once("exit", () => resolve()));
  const kill = () => {
    if (driver.exitCode === null && driver.signalCode === null && driver.pid)
      process.kill(-driver.pid, "SIGTERM");
  };
  process.once("exit", kill);
  return {
    base: `http://127.0.0.1:${port}`,
    started: Date.now(),
    stop: async () => {
      process.off("exit", kill);
      kill();
      await exited;
    },
    stderr: () => stderr,
  };
}

/** WebKitGTK for a test worker: one WebKitWebDriver, one MiniBrowser window per session. Now and
 * then (about one session in thirty on this busy machine) the driver never answers a new session:
 * the MiniBrowser it launched could not open the X display ("cannot open display") and never
 * connects. A session not open within `SESSION_MS` then gets a driver started afresh, once, and a
 * line on the test's output says so, with the driver's last word. */
export async function launchWebKit(): Promise<EngineBrowser> {
  let driver = await startDriver();
  const openWith = (current: Driver, origin: string, options: SessionOptions) =>
    openWindow(current.base, origin, options, current.started + START_MS);
  return {
    open: async (origin, options) => {
      try {
        return await openWith(driver, origin, options);
      } catch (error) {
        if (!(
          error instanceof WebDriverError &&
          error.code === "timeout" &&
          /POST \/session /.test(error.message)
        ))
          throw new Error(`WebKitWebDriver: ${(error as Error).message}\n${driver.stderr()}`);
        const said = driver.stderr().trim().split("\n").at(-1) ?? "";
        console.log(`WebKitWebDriver opened no session in ${SESSION_MS / 1000} s (${said}): started again`);
        await driver.stop();
        driver = await startDriver();
        return await openWith(driver, origin, options);
      }
    },
    close: () => driver.stop(),
  };
}

async function openWindow(
  base: string,
  origin: string,
  options: SessionOptions,
  deadline: number,
): Promise<EngineSession> {
  // With scripts off, the page's own scripts do not run; the session's (WebDriver's) still do.
  const args = ["--automation", ...(options.scripts ? [] : ["--enable-javascript-markup=false"])];
  const driver = await newSession(
    base,
    { "webkitgtk:browserOptions": { binary: MINIBROWSER, args } },
    deadline,
    SESSION_MS,
  );
  await driver.setTimeouts(WAIT_MS, WAIT_MS * 3);
  const session = new WebKitSession(driver, origin);
  await session.setViewport(options.viewport);
  return session;
}

/** Sent before every script: records the page's script errors from the first time the session
 * touches a document (WebKitGTK does not report them to an automation session, whose pages use
 * an ephemeral session that keeps console messages to itself). */
const RECORD_ERRORS = `if (!window.__engineErrors) {
  const errors = (window.__engineErrors = []);
  addEventListener("error", (event) => errors.push(String(event.message)));
  addEventListener("unhandledrejection", (event) => errors.push(String(event.reason)));
  const original = console.error;
  console.error = function (...parts) { errors.push(parts.map(String).join(" ")); return original.apply(this, parts); };
}
`;

/** Whether `error` says the page's document went away while a script ran (a navigation):
 * WebKitWebDriver answers "no such frame: Callback was not called before the unload event". */
function documentChanged(error: unknown): boolean {
  return error instanceof WebDriverError && /before the unload event/.test(error.message);
}

/** One MiniBrowser window, its own WebDriver session, as the journeys drive it. */
class WebKitSession implements EngineSession {
  constructor(
    private readonly driver: WebDriverSession,
    private readonly origin: string,
  ) {}

  /** Runs `fn(arg)` in the page, after the error recorder. */
  private run<T>(fn: string, arg: unknown): Promise<T> {
    return this.driver.execute<T>(`${RECORD_ERRORS}return (${fn})(arguments[0]);`, [arg ?? null]);
  }

  async goto(path: string): Promise<void> {
    await this.driver.navigate(new URL(path, this.origin).href);
    await this.run("() => null", null);
  }

  async url(): Promise<URL> {
    return new URL(await this.run<string>("() => location.href", null));
  }

  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>> {
    return this.run<Awaited<R>>(fn.toString(), arg);
  }

  async runScript(source: string): Promise<void> {
    await this.driver.execute(`${source}\nreturn null;`, []);
  }

  async waitFor<A>(what: string, predicate: (arg: A) => unknown, arg: A): Promise<void> {
    const poll = `(arg) => new Promise((resolve, reject) => {
      const predicate = (${predicate.toString()});
      const check = () => {
        let held;
        try { held = predicate(arg); } catch (error) { reject(error); return; }
        if (held) resolve(true); else requestAnimationFrame(check);
      };
      check();
    })`;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      try {
        await this.run(poll, arg);
        return;
      } catch (error) {
        // A navigation ended the wait's document: wait again in the next one.
        if (documentChanged(error) && Date.now() < deadline) continue;
        throw new Error(`waited for ${what}: ${(error as Error).message}`);
      }
    }
  }

  /** Waits until an element matching `selector` is shown, then answers it. */
  private async shown(selector: string) {
    await this.waitFor(
      `${selector} to be shown`,
      (css: string) => {
        const element = document.querySelector(css);
        const box = element?.getBoundingClientRect();
        return (
          element?.checkVisibility({ visibilityProperty: true }) && box && box.width > 0 && box.height > 0
        );
      },
      selector,
    );
    return this.driver.find(selector);
  }

  async click(selector: string): Promise<void> {
    await this.driver.click(await this.shown(selector));
  }

  async fill(selector: string, text: string): Promise<void> {
    // As a visitor replaces a value: focus the field with its value selected, delete it, type
    // the new one (WebDriver types into a focused field where its selection is).
    const field = await this.shown(selector);
    await this.run(
      `(css) => { const field = document.querySelector(css); field.focus(); field.select(); }`,
      selector,
    );
    await this.driver.type(field, `${KEY_CODES.Backspace}${text}`);
  }

  async select(selector: string, value: string): Promise<void> {
    await this.shown(selector);
    await this.driver.click(await this.driver.find(`${selector} option[value=${JSON.stringify(value)}]`));
  }

  async press(key: Key): Promise<void> {
    await this.driver.press(KEY_CODES[key]);
  }

  async setViewport(viewport: Viewport): Promise<void> {
    // WebDriver sets the window's outer size: the toolbar's height (and any border) comes on top
    // of the page's. The page reports both sizes, so the difference is the window's own.
    const [chromeWidth, chromeHeight] = await this.run<[number, number]>(
      "() => [outerWidth - innerWidth, outerHeight - innerHeight]",
      null,
    );
    const width = viewport.width + chromeWidth;
    const height = viewport.height + chromeHeight;
    // Xvfb runs no window manager: the keyboard focus is the window's under the pointer, which
    // stays in the middle of the screen. Centred there, the window has the focus, as the one a
    // visitor types into does (outside it, the page would not take focus: no autofocus).
    await this.driver.setWindowRect({
      x: Math.round((SCREEN.width - width) / 2),
      y: Math.round((SCREEN.height - height) / 2),
      width,
      height,
    });
    await this.waitFor(
      `the window's inner size to be ${viewport.width}×${viewport.height}`,
      ({ width, height }: Viewport) => innerWidth === width && innerHeight === height,
      viewport,
    );
  }

  async countRole(scope: string, candidates: string, role: string): Promise<number> {
    await this.shown(scope);
    const selector = candidates
      .split(",")
      .map((candidate) => `${scope} ${candidate.trim()}`)
      .join(", ");
    const roles = [];
    for (const element of await this.driver.findAll(selector))
      roles.push(await this.driver.computedRole(element));
    return roles.filter((found) => found === role).length;
  }

  takeErrors(): Promise<string[]> {
    return this.run<string[]>("() => window.__engineErrors.splice(0)", null);
  }

  async close(): Promise<void> {
    await this.driver.delete();
  }
}
