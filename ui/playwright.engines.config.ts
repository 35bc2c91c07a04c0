import { defineConfig } from "@playwright/test";
import type { EngineName } from "./e2e/engines/session";
import { E2E_ORIGIN, SUITE_ORIGIN } from "./e2e/server";

/** The journeys, axe and the layout audit in the two engines besides Chromium (e2e/engines/):
 * Debian's Firefox ESR over WebDriver BiDi and WebKitGTK's MiniBrowser over W3C WebDriver, one
 * project each (`--project firefox`, `--project webkit`), against the release binary that
 * `e2e/global-setup.ts` starts (or `E2E_ORIGIN`), as in playwright.config.ts. */
const origin = E2E_ORIGIN ?? SUITE_ORIGIN;

export default defineConfig<{ engine: EngineName }>({
  testDir: "e2e/engines",
  outputDir: "../artifacts/e2e-engines",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 120_000,
  use: { baseURL: origin },
  projects: [
    { name: "firefox", use: { engine: "firefox" } },
    { name: "webkit", use: { engine: "webkit" } },
  ],
  globalSetup: "./e2e/global-setup.ts",
});
