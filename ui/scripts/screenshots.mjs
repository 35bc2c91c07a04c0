// Screenshots of a running build for a design review: each page at each width, as a first visit
// that has already answered the consent banner, in Debian's chromium. Each page gives its first
// screen (PNG) and, with --full, the whole page as a JPEG.
//
//   node scripts/screenshots.mjs --origin http://127.0.0.1:PORT --out DIR [--full | --full-png] PATH@WIDTH...
//   e.g. node scripts/screenshots.mjs --origin http://127.0.0.1:8080 --out /tmp/shots --full /@390 /zh@1440
//
// Files are named after the path and width: `/trust-center@390` gives trust-center-390.png (and
// trust-center-390-full.jpg, or trust-center-390-full.png with --full-png, the whole page in
// PNG, which `pngquant` makes small enough to commit); `/` is `home`. CHROMIUM_PATH overrides
// /usr/bin/chromium.

import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

/** The origin, output folder, whether to take whole pages, and the `PATH@WIDTH` shots. */
function parseArguments(args) {
  const options = { origin: null, out: null, full: false, png: false, shots: [] };
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index];
    if (argument === "--origin") options.origin = (args[(index += 1)] ?? "").replace(/\/$/, "");
    else if (argument === "--out") options.out = args[(index += 1)] ?? null;
    else if (argument === "--full") options.full = true;
    else if (argument === "--full-png") options.full = options.png = true;
    else {
      const match = /^(\/[^@\s]*)@(\d+)$/.exec(argument);
      if (!match) {
        console.error(`a shot is PATH@WIDTH, e.g. /contact-us@390; got "${argument}"`);
        process.exit(2);
      }
      options.shots.push({ path: match[1], width: Number(match[2]) });
    }
  }
  if (!options.origin || !options.out || options.shots.length === 0) {
    console.error(
      "usage: screenshots.mjs --origin http://127.0.0.1:PORT --out DIR [--full | --full-png] PATH@WIDTH...",
    );
    process.exit(2);
  }
  return options;
}

/** The file name stem of a shot: the path's segments joined by dashes, then the width. */
const stemOf = ({ path: urlPath, width }) => `${urlPath.slice(1).replaceAll("/", "-") || "home"}-${width}`;

const options = parseArguments(process.argv.slice(2));
fs.mkdirSync(options.out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  for (const shot of options.shots) {
    // A phone's window is 844 px tall (an iPhone 14's), a wider one 900 px.
    const height = shot.width < 600 ? 844 : 900;
    const context = await browser.newContext({ viewport: { width: shot.width, height } });
    await context.addCookies([{ name: "cookieConsent", value: "necessary", url: options.origin }]);
    const page = await context.newPage();
    await page.goto(`${options.origin}${shot.path}`);
    await page.waitForSelector("html[data-hydrated=true]");
    await page.evaluate("document.fonts.ready.then(() => true)");
    const stem = path.join(options.out, stemOf(shot));
    await page.screenshot({ path: `${stem}.png` });
    const full = options.png ? `${stem}-full.png` : `${stem}-full.jpg`;
    if (options.png) await page.screenshot({ path: full, fullPage: true });
    else if (options.full) await page.screenshot({ path: full, fullPage: true, type: "jpeg", quality: 55 });
    console.log(`${stem}.png${options.full ? `, ${full}` : ""}`);
    await context.close();
  }
} finally {
  await browser.close();
}
