// UI build, run by build.rs: Vite client build, SSR build, prerender of every page × language,
// the asset manifest the server uses for modulepreload, and brotli/gzip copies of every text asset.
//
// Usage: node scripts/build.mjs <site-data-dir> <out-dir>
//   <site-data-dir>/pages.json  written by build.rs from content/
//   <out-dir>/client/           hashed assets, with .br and .gz beside each text file
//   <out-dir>/prerender.json    { key: html } for every page and error page
//   <out-dir>/manifest.json     build id, entry, stylesheets, per-page and per-language preloads

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "vite";
import { buildBrandKit } from "./brand-kit.mjs";

const [dataDir, outDir] = process.argv.slice(2).map((p) => path.resolve(p));
if (!dataDir || !outDir) {
  console.error("usage: node scripts/build.mjs <site-data-dir> <out-dir>");
  process.exit(2);
}
const clientDir = path.join(outDir, "client");
const ssrDir = path.join(outDir, "ssr");
const BASE = "/_app/";
const ENTRY = "src/entry-client.tsx";
const TEXT_ASSET = /\.(js|mjs|css|svg|json|txt|map|html|xml|webmanifest)$/;

const site = JSON.parse(fs.readFileSync(path.join(dataDir, "pages.json"), "utf8"));

/** The 500 page's data per language (`error:{lang}:server-error`), bundled as a lazy module the
 * client shows when a page fails to render; the client fills in the request path. */
const SERVER_ERROR_MODULE = "virtual:server-error-pages";
const serverErrorPages = Object.fromEntries(
  site.pages
    .filter(({ key }) => /^error:[a-z]+:server-error$/.test(key))
    .map(({ data }) => [data.lang, data]),
);
const serverErrorPagesPlugin = {
  name: "server-error-pages",
  resolveId: (id) => (id === SERVER_ERROR_MODULE ? `\0${SERVER_ERROR_MODULE}` : null),
  load: (id) =>
    id === `\0${SERVER_ERROR_MODULE}` ? `export default ${JSON.stringify(serverErrorPages)};` : null,
};

/** The brand palette and type scale of content/site.toml as CSS custom properties. */
const DESIGN_TOKENS_MODULE = "virtual:design-tokens.css";

/** The content icons (lucide, ISC licence) as one SVG sprite of <symbol>s, written beside the
 * hashed assets; the module exports its URL. */
const ICON_SPRITE_MODULE = "virtual:icon-sprite";
const iconSprite = buildIconSprite(site.icons);
const iconSpriteFile = `assets/icons.${createHash("sha256").update(iconSprite).digest("hex").slice(0, 10)}.svg`;

function buildIconSprite(names) {
  const symbols = names.map((name) => {
    const file = path.join("node_modules", "lucide-static", "icons", `${name}.svg`);
    if (!fs.existsSync(file)) throw new Error(`icon "${name}" is not a lucide icon (no ${file})`);
    const svg = fs.readFileSync(file, "utf8");
    const inner = svg.slice(svg.indexOf(">", svg.indexOf("<svg")) + 1, svg.lastIndexOf("</svg>"));
    const shapes = inner.replace(/\s*\n\s*/g, "").trim();
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  const licence = fs.readFileSync(
    path.join("node_modules", "lucide-static", "icons", `${names[0]}.svg`),
    "utf8",
  );
  const notice = licence.match(/<!--[^>]*-->/)?.[0] ?? "";
  return (
    notice +
    '<svg xmlns="http://www.w3.org/2000/svg" fill="none" stroke="currentColor" stroke-width="2" ' +
    `stroke-linecap="round" stroke-linejoin="round">${symbols.join("")}</svg>`
  );
}

/** The brand kit's logos and zip, built from content/; the module exports their URLs. */
const BRAND_FILES_MODULE = "virtual:brand-files";
const brandKit = buildBrandKit(
  ["/brand-kit", "/zh/brand-kit"].map((key) => site.pages.find((page) => page.key === key).data),
  path.resolve("..", "content", "brand"),
);
const brandFiles = JSON.parse(JSON.stringify(brandKit.module), (key, value) =>
  typeof value === "string" && value.startsWith("brand/") ? `${BASE}${value}` : value,
);

const CONTENT_MODULES = {
  [DESIGN_TOKENS_MODULE]: () => site.designTokens,
  [ICON_SPRITE_MODULE]: () => `export default ${JSON.stringify(`${BASE}${iconSpriteFile}`)};`,
  [BRAND_FILES_MODULE]: () => `export default ${JSON.stringify(brandFiles)};`,
};
const contentModulesPlugin = {
  name: "content-modules",
  resolveId: (id) => (id in CONTENT_MODULES ? `\0${id}` : null),
  load: (id) => (id.startsWith("\0") ? (CONTENT_MODULES[id.slice(1)]?.() ?? null) : null),
};

await build({
  mode: "production",
  logLevel: "warn",
  plugins: [serverErrorPagesPlugin, contentModulesPlugin],
  build: { outDir: clientDir, emptyOutDir: true },
});
await build({
  mode: "production",
  logLevel: "warn",
  plugins: [contentModulesPlugin],
  build: { ssr: "src/entry-server.tsx", outDir: ssrDir, emptyOutDir: true, manifest: false },
});
fs.writeFileSync(path.join(clientDir, iconSpriteFile), iconSprite);
for (const [file, bytes] of Object.entries(brandKit.files)) {
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

const prerender = {};
for (const { key, data } of site.pages) prerender[key] = await ssr.render(data);
fs.rmSync(ssrDir, { recursive: true });

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
  entry: url(viteManifest[ENTRY].file),
  entryModules: [...entry.files].filter((f) => f !== viteManifest[ENTRY].file).map(url),
  styles: [...entry.css].map(url),
  pages,
  catalogs,
};
fs.writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest));
fs.writeFileSync(path.join(outDir, "prerender.json"), JSON.stringify(prerender));
console.log(
  `ui build ${buildId}: ${assets.length} assets, ${Object.keys(prerender).length} prerendered pages`,
);
