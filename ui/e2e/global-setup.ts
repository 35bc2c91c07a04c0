import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_ORIGIN, startSite } from "./server";

/** Starts the suite's own instance of the site, with an empty application log and no rate limit
 * (the suite submits many applications from one address), on a port the system chose; the tests'
 * processes, started after this, learn its origin and log from the environment. Returns the
 * teardown that stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (E2E_ORIGIN) return () => Promise.resolve();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "custody-e2e-"));
  const contactLog = path.join(folder, "applications.jsonl");
  const site = await startSite({
    CUSTODY_SITE_CONTACT_LOG: contactLog,
    CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE: "0",
  });
  process.env.E2E_SUITE_ORIGIN = site.origin;
  process.env.E2E_SUITE_CONTACT_LOG = contactLog;
  return async () => {
    await site.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  };
}
