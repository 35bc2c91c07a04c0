// Checks the shape of the Rust code, a step of scripts/test.sh: no Rust file over 450 lines (tests
// and fuzz targets included), and no import cycle in a crate (the binary, src/, and every crate
// below crates/, the site's library crates/site/src/ among them), neither between its files nor
// between its folders. A file depends on another when it names it by path (`use crate::a::b`,
// `super::b::c`, `self::b`), outside its `#[cfg(test)] mod tests`.
// Within each folder (the crate's root included), every file and subfolder is one node, a
// subfolder standing for every file below it and the folder's own `mod.rs` for itself, so that
// `http -> render -> http` is refused even when no two files make a cycle: a folder is a module
// that could become a crate. A cycle is printed with the edges that make it.
// Between crates: the site's library (custody-site-lib) depends on neither the edge nor a TLS
// library, directly or through another crate (`cargo tree -p custody-site-lib -e normal`, from
// Cargo.lock): the binary hands it what it needs of them (issue 58).
//
// Usage: node scripts/check-structure.mjs   (from anywhere)

import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const MAX_LINES = 450;
/** The crates checked: a name and the folder its module paths start from. */
const CRATES = [
  { name: "src (the binary)", src: "src" },
  ...packagesBelow("crates")
    .map((dir) => ({ name: `${dir}/src`, src: `${dir}/src` }))
    .sort((a, b) => a.name.localeCompare(b.name)),
];
const LINE_CHECKED = ["src", "crates", "tests", "fuzz/src", "fuzz/fuzz_targets"];
/** The packages the site's library must not depend on, each with the reason. */
const KEPT_FROM_THE_SITE = new Map([
  ["custody-edge", "the edge serves the site, not the other way round (src/ joins them)"],
  ["rustls", "TLS is the edge's, and the webhook's (custody-applications' `webhook` feature)"],
  ["instant-acme", "ACME is the edge's"],
  ["x509-parser", "certificates are the edge's (readiness asks src/certificate_status.rs)"],
]);

/** The package folders (with a Cargo.toml and a src/) below `dir`, relative to the root:
 * crates/edge/ and the crate inside it, crates/edge/test-support/, alike. */
function packagesBelow(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "src" && entry.name !== "tests")
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      const isPackage = existsSync(join(root, path, "Cargo.toml")) && existsSync(join(root, path, "src"));
      return [...(isPackage ? [path] : []), ...packagesBelow(path)];
    });
}

/** Every `.rs` file below `dir`. */
function rustFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".rs"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The module path of a file of a crate rooted at `src`: `a/b.rs` and `a/b/mod.rs` are `a::b`. */
function modulePath(src, file) {
  const parts = relative(src, file).slice(0, -".rs".length).split(sep);
  if (["mod", "lib", "main"].includes(parts.at(-1))) parts.pop();
  return parts.join("::");
}

/** The paths of a `use` tree: `a::{b, c::{d, e}}` is `a::b`, `a::c::d`, `a::c::e`. */
function expandUse(tree, prefix = []) {
  const parts = [];
  let depth = 0;
  let current = "";
  for (const char of tree) {
    if (char === "{") depth++;
    if (char === "}") depth--;
    if (char === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  if (current) parts.push(current);
  return parts.flatMap((part) => {
    const group = /^([^{]*?)(?:::)?\{(.*)\}$/.exec(part);
    if (group) return expandUse(group[2], group[1] ? [...prefix, group[1]] : prefix);
    return [[...prefix, part].join("::")];
  });
}

/** The files of the crate each file names by path. */
function dependencies({ src }) {
  const files = new Map(rustFiles(join(root, src)).map((file) => [modulePath(join(root, src), file), file]));
  const graph = new Map();
  for (const [module, file] of files) {
    let text = readFileSync(file, "utf8");
    const tests = text.search(/#\[cfg\(test\)\]\s*(pub\s+)?mod tests/);
    if (tests >= 0) text = text.slice(0, tests);
    text = text.replace(/\/\/[^\n]*/g, "");
    const paths = [...text.matchAll(/\buse\s+([^;]+);/g)].flatMap((match) =>
      expandUse(match[1].replace(/\s+/g, "")),
    );
    paths.push(...[...text.matchAll(/\b(?:crate|super|self)(?:::\w+)+/g)].map((match) => match[0]));
    const named = new Set();
    for (const path of paths) {
      let segments = path.split("::");
      let base;
      if (segments[0] === "crate") {
        base = [];
        segments = segments.slice(1);
      } else if (segments[0] === "super" || segments[0] === "self") {
        base = module ? module.split("::") : [];
        if (segments[0] === "super") base = base.slice(0, -1);
        segments = segments.slice(1);
        while (segments[0] === "super") {
          base = base.slice(0, -1);
          segments = segments.slice(1);
        }
      } else continue;
      let best = null;
      const current = [...base];
      for (const segment of segments) {
        current.push(segment);
        if (files.has(current.join("::"))) best = current.join("::");
        else break;
      }
      if (best !== null && best !== module && best !== "") named.add(best);
    }
    graph.set(module, named);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan). */
function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const other of graph.get(node) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(node, Math.min(low.get(node), low.get(other)));
      } else if (onStack.has(other)) low.set(node, Math.min(low.get(node), index.get(other)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * The graph between the entries of one folder (`folder` a module path, "" the crate's root): each
 * module below it stands for the entry of the folder it is in (`a::b::c` is `b` in folder `a`),
 * the folder's own `mod.rs` for itself, and an edge is kept when a file of one entry names a file
 * of another.
 */
function folderGraph(graph, folder) {
  const prefix = folder ? folder.split("::") : [];
  const entry = (module) => {
    const segments = module ? module.split("::") : [];
    if (segments.length < prefix.length || prefix.some((segment, i) => segments[i] !== segment)) return null;
    return segments.length === prefix.length ? `${folder || "crate"} (its own file)` : segments[prefix.length];
  };
  const entries = new Map();
  for (const [module, named] of graph) {
    const from = entry(module);
    if (from === null) continue;
    if (!entries.has(from)) entries.set(from, new Map());
    for (const other of named) {
      const to = entry(other);
      if (to === null || to === from) continue;
      if (!entries.get(from).has(to)) entries.get(from).set(to, []);
      entries.get(from).get(to).push(`${module} -> ${other}`);
    }
  }
  return entries;
}

/** Every folder of a crate's modules: the root and each module that has modules below it. */
function folders(graph) {
  const found = new Set([""]);
  for (const module of graph.keys()) {
    const segments = module ? module.split("::") : [];
    for (let length = 1; length < segments.length; length++) found.add(segments.slice(0, length).join("::"));
  }
  return [...found].sort();
}

const problems = [];
let folderCount = 0;
for (const crate of CRATES) {
  const { src } = crate;
  const graph = dependencies(crate);
  for (const folder of folders(graph)) {
    folderCount++;
    const entries = folderGraph(graph, folder);
    const entryGraph = new Map([...entries].map(([from, to]) => [from, new Set(to.keys())]));
    for (const component of cycles(entryGraph)) {
      const edges = component.flatMap((from) =>
        [...entries.get(from)]
          .filter(([to]) => component.includes(to))
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([to, because]) => `    ${from} -> ${to}   (${[...new Set(because)].sort().join("; ")})`),
      );
      const where = folder ? `${src}/${folder.replaceAll("::", "/")}/` : crate.name;
      problems.push(`${where}: ${component.length} folders or files import one another:\n${edges.join("\n")}`);
    }
  }
  for (const component of cycles(graph)) {
    const edges = component.map((module) => {
      const inCycle = [...graph.get(module)].filter((other) => component.includes(other)).sort();
      return `    ${module} -> ${inCycle.join(", ")}`;
    });
    problems.push(`${crate.name}: ${component.length} files import one another:\n${edges.join("\n")}`);
  }
}
for (const path of LINE_CHECKED) {
  const files = path.endsWith(".rs") ? [join(root, path)] : rustFiles(join(root, path));
  for (const file of files) {
    const lines = readFileSync(file, "utf8").split("\n").length - 1;
    if (lines > MAX_LINES)
      problems.push(`${relative(root, file)}: ${lines} lines, over ${MAX_LINES}: split it by concern`);
  }
}
const siteDependencies = new Set(
  execFileSync("cargo", ["tree", "-p", "custody-site-lib", "-e", "normal", "--prefix", "none", "--locked"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .map((line) => line.split(" ")[0]),
);
for (const [name, why] of KEPT_FROM_THE_SITE) {
  if (siteDependencies.has(name))
    problems.push(
      `custody-site-lib depends on ${name} (cargo tree -p custody-site-lib -e normal -i ${name}): ${why}`,
    );
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  `structure: no import cycle between the files or the folders (${folderCount}) of ${CRATES.map((crate) => crate.name).join(" or ")}; no Rust file over ${MAX_LINES} lines; the site's library without ${[...KEPT_FROM_THE_SITE.keys()].join(", ")}`,
);
