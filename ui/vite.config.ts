import { lingui } from "@lingui/vite-plugin";
import preact from "@preact/preset-vite";
import { defineConfig } from "vitest/config";

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
  ],
  build: {
    manifest: true,
    assetsDir: "assets",
    // Illustrations stay hashed files rather than data URLs inside JavaScript.
    assetsInlineLimit: 0,
    cssCodeSplit: true,
    target: "es2022",
    rolldownOptions: { input: "src/entry-client.tsx" },
  },
  ssr: { noExternal: true },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
  },
});
