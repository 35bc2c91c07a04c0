import { lingui } from "@lingui/vite-plugin";
import preact from "@preact/preset-vite";
import { defineConfig } from "vitest/config";
import { messagesBesideCode } from "./scripts/messages-beside-code.mjs";

/** The modules every page runs besides Preact and Lingui: the app shell (src/app but for the parts
 * it loads on demand, src/app/deferred; src/lib; Icon, messages). They travel as the "runtime"
 * chunk, and their messages as the language's catalog. */
const SHELL = /src[\\/]app[\\/](?!deferred[\\/])|src[\\/]lib[\\/]|src[\\/]components[\\/](Icon|messages)/;

// One config for the client build and the prerender (SSR) build; scripts/build.mjs sets the
// output directories. Assets are served by the binary under /_app/.
export default defineConfig({
  base: "/_app/",
  plugins: [
    preact({
      babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] },
      prerender: { enabled: false },
    }),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    messagesBesideCode({ shell: SHELL }),
  ],
  build: {
    manifest: true,
    assetsDir: "assets",
    // Illustrations stay hashed files rather than data URLs inside JavaScript.
    assetsInlineLimit: 0,
    cssCodeSplit: true,
    // Page chunks do not preload their own imports: the server names them for the first load, and
    // client navigation fetches them beside the page data (src/navigation/pageCode.ts).
    modulePreload: false,
    target: "es2022",
    rolldownOptions: {
      input: "src/entry-client.tsx",
      output: {
        // Six characters of content hash (36 bits) instead of eight: the runtime chunk names every
        // page's chunk, and those names are the one part of it brotli cannot compress.
        chunkFileNames: "assets/[name]-[hash:6].js",
        // Stylesheets by their hash alone: the runtime chunk names every page's stylesheets too
        // (to load them with the page's code), and a name there costs bytes on every page.
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith(".css"))
            ? "assets/[hash:8][extname]"
            : "assets/[name]-[hash][extname]",
        // Preact, Lingui and the app shell (src/app, src/lib, Icon, messages) travel as one
        // "runtime" chunk that every page loads: one request that compresses as a whole instead
        // of a dozen small shared chunks (about 2.5 KB brotli less on every page). Code used by
        // one page lives beside its components, not in src/lib, so it stays in that page's chunk.
        // FormattedDate travels with the pages that show dates (announcements, the FAQ, the
        // documents), which have room for its chunk, rather than in every page's runtime: the
        // Trust center shows its certifications' dates from a served chunk now.
        codeSplitting: {
          groups: [
            {
              name: "runtime",
              test: new RegExp(`node_modules[\\\\/](preact|@lingui)|${SHELL.source}`),
            },
          ],
        },
      },
    },
  },
  ssr: { noExternal: true },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.mjs"],
  },
});
