import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/** The release binary the browser tests run against. */
export const BINARY = new URL("../../target/release/custody-site", import.meta.url).pathname;

/** The port of the suite's own instance of the site (`E2E_PORT`, private to each engineer). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_080);

/** The application log of the suite's own instance; its folder is removed when that instance starts. */
export const CONTACT_LOG = path.join(os.tmpdir(), `custody-e2e-${E2E_PORT}`, "applications.jsonl");

/** An instance of the site started by someone else (`scripts/audit.sh`) that the tests run against
 * instead of starting their own; only the audits (`e2e/audit/`, `e2e/pages.spec.ts`) are meant
 * for it, since other specs expect the suite's configuration (no rate limit). */
export const E2E_ORIGIN = process.env.E2E_ORIGIN;

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A running instance of the site with extra configuration from the environment. */
export interface SiteInstance {
  origin: string;
  stop(): Promise<void>;
}

/** Starts the release binary on a free port with `env` and waits until it answers. */
export async function startSite(env: Record<string, string>): Promise<SiteInstance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(BINARY, ["--listen", `127.0.0.1:${port}`, "--public-url", origin], {
    env: {
      ...process.env,
      RUST_LOG: "warn",
      CUSTODY_SITE_CONTACT_LOG: path.join(os.tmpdir(), `custody-e2e-site-${port}`, "applications.jsonl"),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error("the site did not start");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** A fake of an outside service on 127.0.0.1, answering with `handler`. */
export async function startFake(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ origin: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server };
}
