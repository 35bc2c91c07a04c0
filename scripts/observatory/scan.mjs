// Grades one running HTTPS instance of the site with the MDN HTTP Observatory's own scanner and
// prints each test with its score modifier, then the grade and score. Its command line scans only
// ports 80 and 443, so this calls the retriever with the instance's ports and grades the result
// as the scanner does (same tests, same extra-credit rule).
//
// Usage: node scan.mjs <host> <https-port> <http-port> [min-score]
//   NODE_EXTRA_CA_CERTS names the CA of the instance's test certificate.
// Exits 1 unless the grade is A+ and the score at least min-score (default 120).

import fs from "node:fs";
import path from "node:path";

const root = path.join(
  import.meta.dirname,
  "node_modules",
  "@mdn",
  "mdn-http-observatory",
);
// The HSTS preload list is fetched by the package's install script, which is not run
// (--ignore-scripts: nothing leaves the machine); an empty list means "not preloaded".
const preload = path.join(root, "conf", "hsts-preload.json");
if (!fs.existsSync(preload)) fs.writeFileSync(preload, "{}\n");

const { retrieve } = await import(
  path.join(root, "src", "retriever", "retriever.js")
);
const { ALL_TESTS, NUM_TESTS } = await import(
  path.join(root, "src", "constants.js")
);
const grader = await import(path.join(root, "src", "grader", "grader.js"));
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import(
  path.join(root, "src", "grader", "charts.js")
);

const [host, httpsPort, httpPort, minimum = "120"] = process.argv.slice(2);
if (!host || !httpsPort || !httpPort) {
  console.error(
    "usage: node scan.mjs <host> <https-port> <http-port> [min-score]",
  );
  process.exit(2);
}

const retrieved = await retrieve(host, { httpsPort, httpPort });
const answer = retrieved.responses.auto;
if (!answer) {
  console.error(`observatory: no answer from https://${host}:${httpsPort}/`);
  process.exit(1);
}
let extraCredit = 100;
let uncurved = 100;
let passed = 0;
const rows = ALL_TESTS.map((test) => {
  const result = test(retrieved);
  const modifier = result.result ? grader.getScoreModifier(result.result) : 0;
  extraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
  if (result.pass) passed += 1;
  return [
    result.constructor.name,
    result.result,
    result.pass ? "pass" : "FAIL",
    modifier,
  ];
});
const { grade, score } = grader.getGradeForScore(
  uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? extraCredit : uncurved,
);

console.log(
  `MDN HTTP Observatory: https://${host}:${httpsPort}/ (HTTP on ${httpPort}), status ${answer.status}`,
);
console.log(
  `${"test".padEnd(30)}${"result".padEnd(64)}${"pass".padEnd(6)}score`,
);
for (const [name, result, pass, modifier] of rows) {
  console.log(
    `${name.padEnd(30)}${String(result).padEnd(64)}${pass.padEnd(6)}${modifier > 0 ? "+" : ""}${modifier}`,
  );
}
console.log(
  `grade ${grade}, score ${score}; tests passed ${passed} of ${NUM_TESTS}; required A+ and ${minimum}`,
);
process.exit(grade === "A+" && score >= Number(minimum) ? 0 : 1);
