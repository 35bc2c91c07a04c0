import { defineConfig } from "@playwright/test";
import { E2E_ORIGIN, SUITE_ORIGIN } from "./e2e/server";

/** Browser tests run Debian's chromium against the release binary, started by
 * `e2e/global-setup.ts` on a port the system chose, or against the instance at `E2E_ORIGIN` when
 * one is given (the audit command starts its own). The configuration is read again in each
 * test process, after the global setup, which is when the suite's origin is known. */
const origin = E2E_ORIGIN ?? SUITE_ORIGIN;

export default defineConfig({
  testDir: "e2e",
  // Firefox and WebKit have a configuration of their own (playwright.engines.config.ts).
  testIgnore: "engines/**",
  outputDir: "../artifacts/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 120_000,
  use: {
    baseURL: origin,
    // A click that never lands (an element lying over its target) or a page that never loads
    // fails the test within these bounds with what blocked it, not at the end of a long sweep's
    // timeout.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  globalSetup: "./e2e/global-setup.ts",
});
