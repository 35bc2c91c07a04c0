// Lighthouse audit of the release binary: runs Lighthouse (mobile form factor, simulated
// throttling: its defaults) in Debian's chromium on each path, prints one line of category scores
// per page and the failing audits of every category below 100, then a table of every page,
// writes each JSON report to ../artifacts/lighthouse/, and exits 1 when a category named in
// --require is below its threshold. A page answered with `X-Robots-Tag: noindex` is held to every
// threshold but SEO's (a page kept out of search engines fails Lighthouse's "is crawlable" audit
// by design). The site is started on a free 127.0.0.1 port (../target/release/custody-site, with a
// temporary application log) unless --origin names a running one. The browser resolves no host
// but 127.0.0.1, so the run never leaves the machine.
//
// Usage (from ui/, after `cargo build --release`):
//   node scripts/lighthouse.mjs [--origin http://127.0.0.1:PORT] [--require accessibility=100,seo=100]
//                               [--all | path ...]
// Paths default to `/` and `/zh`; --all audits every page of the build in both languages.
// CHROMIUM_PATH overrides /usr/bin/chromium.

import { spawn } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { sitePagePaths } from "./site-pages.mjs";

const ROOT = path.resolve(fileURLToPath(import.meta.url), "../../..");
const BINARY = path.join(ROOT, "target/release/custody-site");
const REPORT_DIR = path.join(ROOT, "artifacts/lighthouse");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const UNSCORED = new Set(["notApplicable", "informative", "manual", "error"]);

/** `--require a=100,b=90`, `--origin`, `--all` and the paths to audit, from the command line. */
function parseArguments(args) {
  const required = new Map();
  const paths = [];
  let origin = null;
  let all = false;
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] === "--all") {
      all = true;
      continue;
    }
    if (args[index] === "--origin") {
      origin = (args[(index += 1)] ?? "").replace(/\/$/, "");
      if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(origin)) {
        console.error(`--origin expects http://127.0.0.1:PORT; got "${origin}"`);
        process.exit(2);
      }
      continue;
    }
    if (args[index] !== "--require") {
      paths.push(args[index]);
      continue;
    }
    for (const pair of (args[(index += 1)] ?? "").split(",")) {
      const [category, threshold] = pair.split("=");
      if (!CATEGORIES.includes(category) || !(Number(threshold) >= 0)) {
        console.error(`--require expects category=score among ${CATEGORIES.join(", ")}; got "${pair}"`);
        process.exit(2);
      }
      required.set(category, Number(threshold));
    }
  }
  if (all && paths.length > 0) {
    console.error("--all audits every page: give either --all or paths");
    process.exit(2);
  }
  return { required, origin, all, paths: paths.length > 0 || all ? paths : ["/", "/zh"] };
}

/** A free TCP port on 127.0.0.1. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether `url` answers with a 2xx status. */
function answers(url) {
  return fetch(url).then(
    (response) => response.ok,
    () => false,
  );
}

/** Starts the release binary and resolves once /healthz answers; the binary is stopped when
 * this process exits, even on a crash. */
async function startSite() {
  if (!fs.existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`cargo build --release\``);
  const origin = `http://127.0.0.1:${await freePort()}`;
  const child = spawn(BINARY, ["--listen", origin.slice("http://".length), "--public-url", origin], {
    env: {
      ...process.env,
      RUST_LOG: "warn",
      CUSTODY_SITE_CONTACT_LOG: path.join(
        os.tmpdir(),
        `custody-lighthouse-${process.pid}`,
        "applications.jsonl",
      ),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.once("exit", () => child.kill("SIGTERM"));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = () => {
    child.kill("SIGTERM");
    return exited;
  };
  const deadline = Date.now() + 10_000;
  while (!(await answers(`${origin}/healthz`))) {
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the site did not start within 10 s");
    }
    await sleep(20);
  }
  return { origin, stop };
}

/** The audits that keep a category below 100: id, title and measured value. */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => !UNSCORED.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${audit.title})${audit.displayValue ? `: ${audit.displayValue}` : ""}`);
}

/** Runs Lighthouse on `url`, up to twice more if the run itself fails (Lighthouse's own advice for
 * a trace it could not record, such as NO_NAVSTART, which a busy machine causes now and then); a
 * low score is never retried. */
async function runLighthouse(url, chromePort) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port: chromePort, output: "json", logLevel: "error" });
    const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "no result" };
    if (!error) return result;
    if (attempt === 3) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.warn(`${url}: ${error.code}; running Lighthouse again`);
  }
}

/** Whether the site asks search engines not to index the page at `url` (`X-Robots-Tag`). */
async function isNoindex(url) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return /\bnoindex\b/.test(response.headers.get("x-robots-tag") ?? "");
}

/** The table of every audited page: scores, whether SEO was required, the verdict. */
function printSummary(results, required) {
  const rows = results.map(({ pagePath, scores, noindex, shortfalls }) => [
    pagePath,
    ...CATEGORIES.map((category) => String(scores[category])),
    noindex ? "noindex: not SEO" : "all",
    shortfalls.length > 0 ? `FAIL ${shortfalls.join(", ")}` : "ok",
  ]);
  const headings = ["page", "perf", "a11y", "best-pr", "seo", "held to", "result"];
  const widths = headings.map((heading, column) =>
    Math.max(heading.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column >= 1 && column <= 4 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join("  ")
      .trimEnd();
  const thresholds = [...required].map(([category, threshold]) => `${category} >= ${threshold}`).join(", ");
  console.log(
    `\nLighthouse (mobile): ${results.length} pages${thresholds ? `; required ${thresholds}` : ""}`,
  );
  console.log(line(headings));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(row));
}

/** Audits one page, saves its JSON report, prints its scores; returns the scores out of 100. */
async function auditPage(origin, chromePort, pagePath) {
  const result = await runLighthouse(`${origin}${pagePath}`, chromePort);
  const { lhr } = result;
  const name = pagePath.replace(/^\/|\/$/g, "").replace(/\W+/g, "_") || "home";
  fs.writeFileSync(path.join(REPORT_DIR, `${name}.json`), result.report);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category].score ?? 0) * 100)]),
  );
  console.log(`${pagePath.padEnd(24)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join("  ")}`);
  for (const category of CATEGORIES.filter((c) => scores[c] < 100)) {
    for (const audit of failingAudits(lhr, category)) console.log(`    ${category}: ${audit}`);
  }
  return scores;
}

const { required, origin, all, paths } = parseArguments(process.argv.slice(2));
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromePath)) throw new Error(`${chromePath} is missing: apt-get install chromium`);
fs.mkdirSync(REPORT_DIR, { recursive: true });
const site = origin ? { origin, stop: async () => undefined } : await startSite();
const results = [];
let chrome;
// Stopped from outside (Ctrl-C, kill): the browser goes too (the site does, on exit).
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.once(signal, () => {
    void chrome?.kill();
    process.exit(code);
  });
}
try {
  const pagePaths = all
    ? await sitePagePaths(async (pagePath) => (await fetch(`${site.origin}${pagePath}`)).text())
    : paths;
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  });
  for (const pagePath of pagePaths) {
    const noindex = await isNoindex(`${site.origin}${pagePath}`);
    let scores;
    try {
      scores = await auditPage(site.origin, chrome.port, pagePath);
    } catch (error) {
      // A page Lighthouse could not audit fails the run, but the other pages are still audited.
      console.error(error.message);
      const failed = Object.fromEntries(CATEGORIES.map((category) => [category, "-"]));
      results.push({ pagePath, scores: failed, noindex, shortfalls: ["not audited"] });
      continue;
    }
    const shortfalls = [...required]
      .filter(([category, threshold]) => !(noindex && category === "seo") && scores[category] < threshold)
      .map(([category, threshold]) => `${category} ${scores[category]} < ${threshold}`);
    results.push({ pagePath, scores, noindex, shortfalls });
  }
} finally {
  chrome?.kill();
  await site.stop();
}
printSummary(results, required);
console.log(`reports: ${path.relative(process.cwd(), REPORT_DIR)}/`);
const failed = results.filter((result) => result.shortfalls.length > 0);
if (failed.length > 0) {
  console.error(
    `below the required scores:\n  ${failed.map((result) => `${result.pagePath} ${result.shortfalls.join(", ")}`).join("\n  ")}`,
  );
  process.exit(1);
}
