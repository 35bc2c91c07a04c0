// Fails when the Lingui catalogs are not current with the source (run `npm run extract` and
// commit) or when a Chinese translation is missing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const catalogs = ["src/locales/en/messages.po", "src/locales/zh/messages.po"];
const before = catalogs.map((file) => fs.readFileSync(file, "utf8"));
execFileSync("npx", ["lingui", "extract"], { stdio: ["ignore", "ignore", "inherit"] });
const after = catalogs.map((file) => fs.readFileSync(file, "utf8"));

let failed = false;
catalogs.forEach((file, index) => {
  if (before[index] !== after[index]) {
    console.error(`${file} was not current with the source; it has been updated: review and commit it.`);
    failed = true;
  }
});
const missing = [...after[1].matchAll(/msgid "(.+)"\nmsgstr ""/g)].map((match) => match[1]);
for (const id of missing) console.error(`src/locales/zh/messages.po: no Chinese translation for "${id}"`);
if (failed || missing.length > 0) process.exit(1);
console.log(`catalogs current: ${after[1].match(/^msgid "./gm)?.length ?? 0} messages translated`);
