import { test as base } from "@playwright/test";
import { launchFirefox } from "./firefox";
import type { EngineBrowser, EngineName, EngineSession, SessionOptions } from "./session";
import { DESKTOP } from "./steps";
import { launchWebKit } from "./webkit";

/** The tests of e2e/engines/: `engine` is the project's (playwright.engines.config.ts); each
 * worker starts that engine's browser once, and `open` gives a test tabs of their own, closed
 * after it. */
export const test = base.extend<
  { open: (options?: Partial<SessionOptions>) => Promise<EngineSession> },
  { engine: EngineName; engineBrowser: EngineBrowser }
>({
  engine: ["firefox", { scope: "worker", option: true }],
  engineBrowser: [
    async ({ engine }, use) => {
      const browser = engine === "firefox" ? await launchFirefox() : await launchWebKit();
      await use(browser);
      await browser.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  open: async ({ engineBrowser, baseURL }, use) => {
    const sessions: EngineSession[] = [];
    await use(async (options) => {
      const session = await engineBrowser.open(baseURL ?? "", {
        viewport: DESKTOP,
        scripts: true,
        ...options,
      });
      sessions.push(session);
      return session;
    });
    for (const session of sessions) await session.close();
  },
});

export { expect } from "@playwright/test";
