// The checks of the upgrade audit (scripts/upgrade/run.sh), against a running binary.
//   node check.mjs record ORIGIN FILE          the /_app/ files a page of the running build uses
//                                              (the documents' links and the route manifest's),
//                                              each in brotli, gzip and identity, into FILE
//   node check.mjs compare ORIGIN FILE BUILD   the binary now running answers every recorded file
//                                              with the same status, headers and bytes, and its
//                                              own build's files too; prints the summary table
//                                              (BUILD: how the second build went)
// Exits 1 when a check fails.
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";

const PAGES = ["/", "/zh", "/brand-kit", "/zh/brand-kit"];
const CODINGS = ["br", "gzip", "identity"];
const HEADERS = ["content-type", "cache-control", "etag", "vary", "content-encoding", "content-disposition"];

/** GET `path` with `Accept-Encoding: encoding`; the body as sent (never decoded). */
function get(origin, path, encoding) {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, origin), { headers: { "accept-encoding": encoding } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** The running build's id and its /_app/ files as its pages use them. */
async function buildFiles(origin) {
  const paths = new Set();
  for (const page of PAGES) {
    const html = (await get(origin, page, "identity")).body.toString();
    for (const match of html.matchAll(/(?:href|src)="(\/_app\/[^"?#]+)"/g)) paths.add(match[1]);
  }
  const latest = JSON.parse((await get(origin, "/_app/builds/latest.json", "identity")).body);
  const metaPath = `/_app/builds/meta/${latest.id}.json`;
  paths.add(metaPath);
  const meta = JSON.parse((await get(origin, metaPath, "identity")).body);
  paths.add(meta.entry);
  for (const chunk of Object.values(meta.pages)) [...chunk.modules, ...chunk.styles].forEach((p) => paths.add(p));
  for (const catalog of Object.values(meta.catalogs)) catalog.forEach((p) => paths.add(p));
  return { id: latest.id, paths: [...paths].sort() };
}

/** What a file answers in one coding: status, the headers compared, and the body's hash. */
async function answer(origin, path, coding) {
  const { status, headers, body } = await get(origin, path, coding);
  const kept = Object.fromEntries(HEADERS.map((name) => [name, headers[name] ?? null]));
  return { status, headers: kept, sha256: createHash("sha256").update(body).digest("hex") };
}

async function record(origin, file) {
  const build = await buildFiles(origin);
  const files = {};
  for (const path of build.paths) {
    files[path] = {};
    for (const coding of CODINGS) files[path][coding] = await answer(origin, path, coding);
    if (files[path].identity.status !== 200) throw new Error(`${path} answers ${files[path].identity.status} on its own build`);
  }
  fs.writeFileSync(file, JSON.stringify({ id: build.id, files }, null, 1));
  console.log(`recorded build ${build.id}: ${build.paths.length} files of ${PAGES.join(" ")} and its route manifest`);
}

async function compare(origin, file, build) {
  const old = JSON.parse(fs.readFileSync(file, "utf8"));
  const now = await buildFiles(origin);
  const problems = [];
  if (now.id === old.id) problems.push(`the new binary runs the same build ${now.id}: the two builds do not differ`);
  let answered = 0, same = 0, answers = 0;
  const onlyOld = Object.keys(old.files).filter((path) => !now.paths.includes(path));
  for (const [path, byCoding] of Object.entries(old.files)) {
    let ok = true, all200 = true;
    for (const coding of CODINGS) {
      const was = byCoding[coding];
      const is = await answer(origin, path, coding);
      answers += 1;
      if (is.status !== 200) all200 = false;
      for (const key of ["status", "sha256", ...HEADERS.map((h) => `headers.${h}`)]) {
        const pick = (a) => key.split(".").reduce((o, k) => o[k], a);
        if (pick(is) !== pick(was)) {
          ok = false;
          problems.push(`${path} (${coding}): ${key} was ${pick(was)}, is ${pick(is)}`);
        }
      }
    }
    if (all200) answered += 1;
    if (ok) same += 1;
  }
  const immutable = Object.entries(old.files).filter(([p]) => onlyOld.includes(p) && !p.startsWith("/_app/builds/"));
  if (immutable.length === 0) problems.push("no hashed file of the old build is missing from the new one: nothing was served from the builds directory");
  for (const [path, byCoding] of immutable) {
    if (byCoding.identity.headers["cache-control"] !== "public, max-age=31536000, immutable") problems.push(`${path} is not immutable`);
  }
  let newOk = 0;
  for (const path of now.paths) {
    const { status } = await get(origin, path, "br");
    if (status === 200) newOk += 1;
    else problems.push(`${path} of the new build answers ${status}`);
  }
  const data = await get(origin, `/_app/data?path=/&build=${old.id}`, "identity");
  if (data.status !== 409) problems.push(`/_app/data with the old build id answers ${data.status}, not 409`);
  const ready = JSON.parse((await get(origin, "/readyz", "identity")).body);

  const row = (...cells) => console.log(cells.map((c, i) => String(c).padEnd([20, 18, 7, 13, 22][i] ?? 0)).join(" ").trimEnd());
  console.log("\nUpgrade: summary");
  row("build", "id", "files", "answered 200", "same bytes and headers");
  row("old (now previous)", old.id, Object.keys(old.files).length, answered, same);
  row("new (running)", now.id, now.paths.length, newOk, "-");
  console.log(`old files not in the new build: ${onlyOld.length}, answered from the builds directory (${answers} answers compared in br, gzip and identity)`);
  for (const path of onlyOld.slice(0, 5)) console.log(`  ${path}`);
  if (onlyOld.length > 5) console.log(`  … and ${onlyOld.length - 5} more`);
  console.log(`/readyz of the new binary: previousBuilds ${ready.previousBuilds}; /_app/data with the old build id: ${data.status}`);
  console.log(`second build (a copy with another link colour): ${build}`);
  if (problems.length > 0) {
    console.log(`\n${problems.length} problem(s):`);
    problems.slice(0, 40).forEach((p) => console.log(`  ${p}`));
    process.exit(1);
  }
}

const [command, origin, file, build] = process.argv.slice(2);
if (command === "record") await record(origin, file);
else if (command === "compare") await compare(origin, file, build);
else {
  console.error("usage: node check.mjs record ORIGIN FILE | compare ORIGIN FILE BUILD");
  process.exit(2);
}
