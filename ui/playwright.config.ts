import { defineConfig } from "@playwright/test";
import path from "node:path";
import { CONTACT_LOG, E2E_ORIGIN, E2E_PORT } from "./e2e/server";

/** Browser tests run Debian's chromium against the release binary on a free local port, or
 * against the instance at `E2E_ORIGIN` when one is given (the audit command starts its own). */
const port = E2E_PORT;
const origin = E2E_ORIGIN ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "../artifacts/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 120_000,
  use: {
    baseURL: origin,
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
  // The suite's own instance; every run starts with an empty application log.
  ...(E2E_ORIGIN
    ? {}
    : {
        webServer: {
          command: `rm -rf '${path.dirname(CONTACT_LOG)}' && exec ../target/release/custody-site --listen 127.0.0.1:${port} --public-url ${origin}`,
          url: `${origin}/healthz`,
          reuseExistingServer: false,
          env: {
            RUST_LOG: "warn",
            CUSTODY_SITE_CONTACT_LOG: CONTACT_LOG,
            // The suite submits many applications from one address.
            CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE: "0",
          },
        },
      }),
});
