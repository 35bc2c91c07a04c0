// The live preview's interface (`custody-site serve --dev` starts it): Vite's dev server with hot
// module reload on 127.0.0.1, behind the binary, which forwards every /_app/ request that is not
// its own. The content modules come from the data file the binary writes from content/; the
// binary posts to CONTENT_CHANGED after rewriting it and waits for the modules to be refreshed.
//
// Usage: node scripts/dev.mjs <site-data-file> <port>

import fs from "node:fs";
import path from "node:path";
import { createServer } from "vite";
import { BASE, contentModules, contentModulesPlugin } from "./content-modules.mjs";

const CONTENT_CHANGED = `${BASE}__custody-site/content`;

const [dataFile, portArgument] = process.argv.slice(2);
const port = Number(portArgument);
if (!dataFile || !Number.isInteger(port)) {
  console.error("usage: node scripts/dev.mjs <site-data-file> <port>");
  process.exit(2);
}

/** The content modules of the data file, or none while the content has problems (the binary
 * shows those instead of pages, so nothing imports the modules then). */
function readModules() {
  if (!fs.existsSync(dataFile)) return { sources: {}, files: {} };
  const site = JSON.parse(fs.readFileSync(dataFile, "utf8"));
  return contentModules(site);
}

let modules = readModules();

const CONTENT_TYPES = { ".svg": "image/svg+xml", ".png": "image/png", ".zip": "application/zip" };

/** Serves the content modules' files and refreshes the modules when the binary says so. */
const previewPlugin = {
  name: "custody-site-preview",
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      const url = new URL(request.url ?? "/", "http://preview");
      if (request.method === "POST" && url.pathname === CONTENT_CHANGED) {
        modules = readModules();
        const graph = server.environments.client.moduleGraph;
        for (const id of Object.keys(modules.sources)) {
          const module = graph.getModuleById(`\0${id}`);
          if (module) graph.invalidateModule(module);
        }
        response.statusCode = 204;
        response.end();
        return;
      }
      const file = url.pathname.startsWith(BASE) ? modules.files[url.pathname.slice(BASE.length)] : undefined;
      if (file === undefined) return next();
      response.setHeader(
        "Content-Type",
        CONTENT_TYPES[path.extname(url.pathname)] ?? "application/octet-stream",
      );
      response.setHeader("Cache-Control", "no-store");
      response.end(file);
    });
  },
};

const server = await createServer({
  appType: "custom",
  clearScreen: false,
  plugins: [contentModulesPlugin(() => modules), previewPlugin],
  server: {
    host: "127.0.0.1",
    port,
    strictPort: true,
    // The page comes from the binary; the hot-reload socket connects to this server directly.
    hmr: { host: "127.0.0.1", port, clientPort: port },
  },
});
await server.listen();
console.log(`Vite dev server for the preview on http://127.0.0.1:${port}${BASE}`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close().finally(() => process.exit(0)));
}
