// UI build, run by crates/site/build.rs: Vite client build, SSR build, prerender of every page ×
// language, the asset manifest the server uses for modulepreload, and brotli/gzip copies of every
// text asset.
//
// Usage: node scripts/build.mjs <site-data-dir> <out-dir>
//   <site-data-dir>/pages.json  written by crates/site/build.rs from content/
//   <out-dir>/client/           hashed assets, with .br and .gz beside each text file
//   <out-dir>/prerender.json    { key: html } for every page and error page, and the contact
//                               page's answer templates (`contact-form:{path}`,
//                               `contact-received:{path}`: src/components/contact/answerTemplate.tsx)
//   <out-dir>/manifest.json     build id, the SHA-256 of pages.json, entry, stylesheets, per-page
//                               and per-language preloads, each page's share card, the word
//                               boundaries of each Chinese page's headings, and the marks of the
//                               breaks text may not take (scripts/line-breaks.mjs)
//   <out-dir>/share-cards.json  the share cards' layout, which the server draws them from
//   <out-dir>/templates.json    the templates the server fills to answer a query string
//   <out-dir>/template-cases.json  pages rendered for sample views, which the server's filling of
//                               the templates must match (its tests read them)

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "vite";
import { BASE, SERVER_ERROR_MODULE, contentModules, contentModulesPlugin } from "./content-modules.mjs";
import { buildShareCards } from "./share-cards.mjs";
import { markData } from "./line-breaks.mjs";
import { headingWordBreaks } from "./word-breaks.mjs";

const [dataDir, outDir] = process.argv.slice(2).map((p) => path.resolve(p));
if (!dataDir || !outDir) {
  console.error("usage: node scripts/build.mjs <site-data-dir> <out-dir>");
  process.exit(2);
}
const clientDir = path.join(outDir, "client");
const ssrDir = path.join(outDir, "ssr");
const ENTRY = "src/entry-client.tsx";
const TEXT_ASSET = /\.(js|mjs|css|svg|json|txt|map|html|xml|webmanifest)$/;

const siteBytes = fs.readFileSync(path.join(dataDir, "pages.json"));
const site = JSON.parse(siteBytes.toString("utf8"));
// The server refuses a prerender made from other page data than its own
// (crates/site/src/render/build_manifest.rs).
const contentHash = createHash("sha256").update(siteBytes).digest("hex");

const modules = contentModules(site);
const plugin = (without) => contentModulesPlugin(() => modules, without);

await build({
  mode: "production",
  logLevel: "warn",
  plugins: [plugin()],
  build: { outDir: clientDir, emptyOutDir: true },
});
await build({
  mode: "production",
  logLevel: "warn",
  plugins: [plugin([SERVER_ERROR_MODULE])],
  build: { ssr: "src/entry-server.tsx", outDir: ssrDir, emptyOutDir: true, manifest: false },
});
for (const [file, bytes] of Object.entries(modules.files)) {
  fs.mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
  fs.writeFileSync(path.join(clientDir, file), bytes);
}

const manifestPath = path.join(clientDir, ".vite", "manifest.json");
const viteManifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
fs.rmSync(path.join(clientDir, ".vite"), { recursive: true });

/** Files a chunk needs before it runs: the chunk and its static imports, recursively. */
function closure(key, files = new Set(), css = new Set()) {
  const chunk = viteManifest[key];
  if (!chunk) throw new Error(`Vite manifest has no chunk for ${key}`);
  if (files.has(chunk.file)) return { files, css };
  files.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const imported of chunk.imports ?? []) closure(imported, files, css);
  return { files, css };
}

const url = (file) => `${BASE}${file}`;
const entry = closure(ENTRY);
const beyondEntry = (key) => {
  const { files, css } = closure(key);
  return {
    modules: [...files].filter((f) => !entry.files.has(f)).map(url),
    styles: [...css].filter((f) => !entry.css.has(f)).map(url),
  };
};

const ssr = await import(pathToFileURL(path.join(ssrDir, "entry-server.js")).href);
const components = new Set(ssr.pageIds);
const routes = new Set([...site.pageIds, "error"]);
const withoutComponent = [...routes].filter((id) => !components.has(id));
const withoutRoute = [...components].filter((id) => !routes.has(id));
if (withoutComponent.length || withoutRoute.length) {
  for (const id of withoutComponent)
    console.error(`page id "${id}" in content/routes.toml has no ui/src/pages/${id}.tsx`);
  for (const id of withoutRoute) console.error(`ui/src/pages/${id}.tsx has no route in content/routes.toml`);
  process.exit(1);
}

const pages = {};
for (const id of routes) pages[id] = beyondEntry(`src/pages/${id}.tsx`);
const catalogs = {};
for (const lang of ["en", "zh"]) catalogs[lang] = beyondEntry(`src/locales/${lang}/messages.po`).modules;

// Each page is rendered from its data with the breaks its text may not take marked
// (scripts/line-breaks.mjs); the server marks the page data it serves with the same marks
// (crates/site/src/render/line_breaks.rs). A Chinese page is rendered twice: its headings' word
// boundaries are found in the first render and drawn as <wbr> in the second; the server hands the
// browser the same offsets in the page data (crates/site/src/render/served_site.rs), so hydration
// and later client renders draw the same markup.
const prerender = {};
const wordBreaks = {};
const marks = { text: {}, heading: {} };
const pageData = new Map();
for (const { key, data: written } of site.pages) {
  const data = markData(written, marks);
  pageData.set(key, data);
  prerender[key] = await ssr.render(data);
  const breaks = data.lang === "zh" ? headingWordBreaks(prerender[key]) : undefined;
  if (breaks) {
    wordBreaks[key] = breaks;
    prerender[key] = await ssr.render({ ...data, wordBreaks: breaks });
  }
  const templates = await ssr.renderAnswerTemplates(breaks ? { ...data, wordBreaks: breaks } : data);
  for (const [name, html] of Object.entries(templates)) prerender[`${name}:${key}`] = html;
}
// The templates the server fills to answer a query string of the supported-assets and search pages,
// cut from renders of those pages with the data they are prerendered with, marked where it may
// not break (src/templates/probes.tsx), and the cases its filling is checked against.
const pageAt = (key) => {
  const data = pageData.get(key);
  if (!data) throw new Error(`templates: no page ${key}`);
  return wordBreaks[key] ? { ...data, wordBreaks: wordBreaks[key] } : data;
};
const { templates, cases } = await ssr.renderTemplates(pageAt, ssr.render);
fs.rmSync(ssrDir, { recursive: true });

const cardsStarted = Date.now();
const drawingDir = path.resolve("..", "crates", "site", "src", "share_cards");
const cards = await buildShareCards(
  site.pages
    .filter(({ key }) => !key.startsWith("error:"))
    .map(({ key, data, card }) => ({ key, lang: data.lang, card })),
  {
    logo: modules.logos.white,
    palette: site.palette,
    drawingSources: fs
      .readdirSync(drawingDir)
      .sort()
      .map((name) => fs.readFileSync(path.join(drawingDir, name))),
  },
);
// The server finds each card by the URL it is asked for.
const layoutText = JSON.stringify({
  ...cards.layout,
  cards: Object.fromEntries(Object.entries(cards.layout.cards).map(([file, runs]) => [url(file), runs])),
});
fs.writeFileSync(path.join(outDir, "share-cards.json"), layoutText);
const glyphCount = Object.values(cards.layout.faces).reduce(
  (sum, face) => sum + Object.keys(face.glyphs).length,
  0,
);
console.log(
  `share cards: ${Object.keys(cards.layout.cards).length} laid out with ${glyphCount} glyphs, ` +
    `${layoutText.length} bytes of layout, in ${((Date.now() - cardsStarted) / 1000).toFixed(1)} s`,
);

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

const assets = walk(clientDir).sort();
const hash = createHash("sha256");
for (const file of assets)
  hash.update(path.relative(clientDir, file)).update("\0").update(fs.readFileSync(file));
const buildId = hash.digest("hex").slice(0, 16);

for (const file of assets.filter((f) => TEXT_ASSET.test(f))) {
  const bytes = fs.readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
}

const manifest = {
  buildId,
  timestamp: Date.now(),
  contentHash,
  entry: url(viteManifest[ENTRY].file),
  entryModules: [...entry.files].filter((f) => f !== viteManifest[ENTRY].file).map(url),
  styles: [...entry.css].map(url),
  fonts: modules.fonts,
  pages,
  catalogs,
  shareCards: Object.fromEntries(Object.entries(cards.urls).map(([key, file]) => [key, url(file)])),
  wordBreaks,
  marks,
};
fs.writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest));
fs.writeFileSync(path.join(outDir, "prerender.json"), JSON.stringify(prerender));
fs.writeFileSync(path.join(outDir, "templates.json"), JSON.stringify(templates));
fs.writeFileSync(path.join(outDir, "template-cases.json"), JSON.stringify(cases));
console.log(
  `ui build ${buildId}: ${assets.length} assets, ${Object.keys(prerender).length} prerendered pages`,
);
