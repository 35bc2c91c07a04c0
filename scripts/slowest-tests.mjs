// Prints the slowest tests of Playwright's JSON reports (the `json` reporter's files named on the
// command line), slowest first: each test's time in seconds (all its attempts), its project (the
// Chromium suite's tests have none: "chromium"), its file and line, and its title. scripts/test.sh
// runs it after the browser tests. It lives here rather than in ui/scripts/, an input of the
// binary's build (crates/site/build.rs), so that editing it rebuilds nothing.
//
// Usage: node scripts/slowest-tests.mjs [--count N] REPORT.json...
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout, which the printed paths are relative to. */
const ROOT = path.resolve(fileURLToPath(import.meta.url), "../..");

const args = process.argv.slice(2);
let count = 10;
const files = [];
for (let index = 0; index < args.length; index += 1) {
  if (args[index] === "--count") count = Number(args[(index += 1)]);
  else files.push(args[index]);
}
if (files.length === 0 || !Number.isInteger(count) || count < 1) {
  console.error("usage: node scripts/slowest-tests.mjs [--count N] REPORT.json...");
  process.exit(2);
}

/** Every test of a report's suite tree, with the title of its enclosing describe blocks; `rootDir`
 * is the test folder the report's file names are relative to. */
function* testsOf(suite, titles, rootDir) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      yield {
        seconds: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000,
        // playwright.config.ts has no projects: its tests run in Chromium.
        project: test.projectName || "chromium",
        where: `${path.relative(ROOT, path.join(rootDir, spec.file))}:${spec.line}`,
        title: [...titles, spec.title].join(" › "),
      };
    }
  }
  for (const child of suite.suites ?? []) {
    // A file's suite is named after the file, already in `where`.
    yield* testsOf(child, child.file === child.title ? titles : [...titles, child.title], rootDir);
  }
}

const tests = files.flatMap((file) => {
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  return (report.suites ?? []).flatMap((suite) => [...testsOf(suite, [], report.config.rootDir)]);
});
tests.sort((a, b) => b.seconds - a.seconds);
console.log(`The ${Math.min(count, tests.length)} slowest of ${tests.length} browser tests`);
for (const test of tests.slice(0, count)) {
  console.log(
    `  ${test.seconds.toFixed(1).padStart(7)} s  ${test.project.padEnd(8)}  ${test.where}  ${test.title.slice(0, 110)}`,
  );
}
