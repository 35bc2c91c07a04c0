/** A W3C WebDriver client (https://www.w3.org/TR/webdriver2/) of the dozen commands the WebKit
 * session uses, over `fetch`. Written here rather than taken from npm: webdriverio's `webdriver`
 * package brings its configuration, logger and utilities, which install drivers from the
 * internet, for what is a JSON request per command. */

/** An error the driver answered, with its W3C error code ("no such element", "script timeout"). */
export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** The key under which an element reference travels (W3C WebDriver, "web element identifier"). */
const ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";

/** A reference to an element of the page. */
export type ElementReference = { [ELEMENT_KEY]: string };

/** The W3C code points of the keys the session presses. */
export const KEY_CODES = {
  Enter: "\uE007",
  Escape: "\uE00C",
  Tab: "\uE004",
  Backspace: "\uE003",
} as const;

/** How long a command may take: longer than any timeout the session sets (a page load's), so that
 * a driver that stops answering fails the test with the command it hung on. */
const COMMAND_MS = 90_000;

/** Sends one command to the driver at `base` and answers its `value`, or throws its error (or a
 * timeout after `ms`). */
async function command<T>(
  base: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
  ms = COMMAND_MS,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: method === "POST" ? JSON.stringify(body ?? {}) : null,
    signal: AbortSignal.timeout(ms),
  }).catch((error: unknown) => {
    if ((error as Error).name !== "TimeoutError") throw error;
    throw new WebDriverError("timeout", `${method} ${path} had no answer in ${ms / 1000} s`);
  });
  const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) {
    throw new WebDriverError(answer.value.error ?? String(response.status), answer.value.message ?? "");
  }
  return answer.value as T;
}

/** Waits until the driver at `base` answers, then starts a session with `capabilities`, which must
 * be open within `ms`. The driver may have been started just before: a refused connection means
 * it is not listening yet, and is tried again as soon as it is refused, until `deadline`. */
export async function newSession(
  base: string,
  capabilities: Record<string, unknown>,
  deadline: number,
  ms: number,
): Promise<WebDriverSession> {
  for (;;) {
    try {
      const { sessionId } = await command<{ sessionId: string }>(
        base,
        "POST",
        "/session",
        { capabilities: { alwaysMatch: capabilities } },
        ms,
      );
      return new WebDriverSession(base, sessionId);
    } catch (error) {
      const refused = (error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";
      if (!refused || Date.now() > deadline) throw error;
    }
  }
}

/** One session of a W3C WebDriver: one browser window. */
export class WebDriverSession {
  constructor(
    private readonly base: string,
    private readonly id: string,
  ) {}

  private send<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
    return command<T>(this.base, method, `/session/${this.id}${path}`, body);
  }

  /** Sets how long a script may run and a page may take to load, in milliseconds. */
  async setTimeouts(script: number, pageLoad: number): Promise<void> {
    await this.send("POST", "/timeouts", { script, pageLoad, implicit: 0 });
  }

  /** Loads `url` and waits for its load event. */
  async navigate(url: string): Promise<void> {
    await this.send("POST", "/url", { url });
  }

  /** Runs `body` as the body of a function called with `args`; a promise it returns is awaited. */
  execute<T>(body: string, args: unknown[]): Promise<T> {
    return this.send<T>("POST", "/execute/sync", { script: body, args });
  }

  /** Every element matching the CSS `selector`. */
  findAll(selector: string): Promise<ElementReference[]> {
    return this.send<ElementReference[]>("POST", "/elements", { using: "css selector", value: selector });
  }

  /** The first element matching the CSS `selector`. */
  find(selector: string): Promise<ElementReference> {
    return this.send<ElementReference>("POST", "/element", { using: "css selector", value: selector });
  }

  /** Scrolls `element` into view and clicks its middle (an error when something covers it). */
  async click(element: ElementReference): Promise<void> {
    await this.send("POST", `/element/${element[ELEMENT_KEY]}/click`);
  }

  /** Focuses `element` and types `text` into it. */
  async type(element: ElementReference, text: string): Promise<void> {
    await this.send("POST", `/element/${element[ELEMENT_KEY]}/value`, { text });
  }

  /** The role the browser's accessibility tree gives `element`. */
  computedRole(element: ElementReference): Promise<string> {
    return this.send<string>("GET", `/element/${element[ELEMENT_KEY]}/computedrole`);
  }

  /** Presses and releases the key `code` where the focus is. */
  async press(code: string): Promise<void> {
    await this.send("POST", "/actions", {
      actions: [
        {
          type: "key",
          id: "keyboard",
          actions: [
            { type: "keyDown", value: code },
            { type: "keyUp", value: code },
          ],
        },
      ],
    });
  }

  /** Sets the window's outer size and the position of its top left corner on the screen. */
  async setWindowRect(rect: { x: number; y: number; width: number; height: number }): Promise<void> {
    await this.send("POST", "/window/rect", rect);
  }

  /** Ends the session, which closes its browser. */
  async delete(): Promise<void> {
    await this.send("DELETE", "");
  }
}
