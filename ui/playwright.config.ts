import { defineConfig } from "@playwright/test";

/** Browser tests run Debian's chromium against the release binary on a free local port. */
const port = Number(process.env.E2E_PORT ?? 18_080);
const origin = `http://127.0.0.1:${port}`;

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
  webServer: {
    command: `../target/release/custody-site --listen 127.0.0.1:${port} --public-url ${origin}`,
    url: `${origin}/healthz`,
    reuseExistingServer: false,
    env: { RUST_LOG: "warn" },
  },
});
