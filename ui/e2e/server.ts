import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The release binary the browser tests run against. */
export const BINARY = new URL("../../target/release/custody-site", import.meta.url).pathname;

/** The origin of the suite's own instance of the site, set by `e2e/global-setup.ts` before any
 * test runs (undefined when the tests run against `E2E_ORIGIN`). */
export const SUITE_ORIGIN = process.env.E2E_SUITE_ORIGIN;

/** The application log of the suite's own instance, in a folder `e2e/global-setup.ts` makes for
 * each run. */
export const CONTACT_LOG = process.env.E2E_SUITE_CONTACT_LOG ?? "";

/** An instance of the site started by someone else (`scripts/audit.sh`) that the tests run against
 * instead of starting their own; only the audits (`e2e/audit/`, `e2e/pages.spec.ts`) are meant
 * for it, since other specs expect the suite's configuration (no rate limit). */
export const E2E_ORIGIN = process.env.E2E_ORIGIN;

/** The release binary with `serve` `args`, serving on a listening socket bound here on a port the
 * system chose and passed as systemd passes one: at descriptor 3, with `LISTEN_FDS` and the
 * `LISTEN_PID` the binary checks (set by the shell that `exec`s it, so it is the binary's own).
 * This process closes its copy at once, so the binary is the socket's only owner; a connection
 * made from then on waits in the socket's queue until the binary takes it, so nothing waits for
 * a port to open and no other program can take the port meanwhile. */
export async function spawnSite(
  args: string[],
  env: Record<string, string>,
  stdio: ("ignore" | "pipe" | "inherit")[],
): Promise<{ child: ChildProcess; origin: string }> {
  const socket = net.createServer();
  await new Promise<void>((resolve) => socket.listen(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  // Node passes a listening socket's handle to a child like a stream: `net.Server` keeps it
  // in `_handle`.
  const { _handle: handle } = socket as unknown as { _handle: never };
  const inherited = { ...process.env };
  delete inherited.LISTEN_PID;
  const child = spawn(
    "/bin/sh",
    ["-c", 'LISTEN_PID=$$ exec "$0" "$@"', BINARY, "serve", "--public-url", origin, ...args],
    {
      env: { ...inherited, ...env, LISTEN_FDS: "1", LISTEN_FDNAMES: "listen" },
      stdio: [...stdio, handle],
    },
  );
  socket.close();
  return { child, origin };
}

/** A running instance of the site with extra configuration from the environment. */
export interface SiteInstance {
  origin: string;
  stop(): Promise<void>;
}

/** Starts the release binary with `env` (warnings logged, an application log of its own unless
 * `env` says otherwise); requests wait until it answers. */
export async function startSite(env: Record<string, string>): Promise<SiteInstance> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "custody-e2e-site-"));
  const { child, origin } = await spawnSite(
    [],
    { RUST_LOG: "warn", CUSTODY_SITE_CONTACT_LOG: path.join(folder, "applications.jsonl"), ...env },
    ["ignore", "ignore", "inherit"],
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    origin,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(folder, { recursive: true, force: true });
    },
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
