// The brand kit download, built from content/ at build time: the three logos (scripts/wordmark.mjs)
// as SVG and PNG, the
// palette, the approved copy and the usage rules in both languages, and one zip of everything.
// Every file gets a content hash in its name; the UI imports their URLs from `virtual:brand-files`.

import { createHash } from "node:crypto";
import { Buffer } from "node:buffer";
import { Resvg } from "@resvg/resvg-js";
import { zipSync } from "fflate";

const LOGOS = ["full-colour", "monochrome", "white"];
/** PNG logos are rendered this wide: large enough for print and slides. */
const PNG_WIDTH = 1200;
/** A fixed time stamp for every zip entry, so the same content always makes the same zip. */
const ZIP_TIME = new Date("2026-01-01T00:00:00Z");

const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const hashed = (name, bytes) => {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
  const dot = name.lastIndexOf(".");
  return `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
};

/** The brand-kit page's sections of one kind, in one language. */
function sectionOf(page, kind) {
  const section = page.data.sections?.find((s) => s.kind === kind);
  if (!section) throw new Error(`the brand kit page (${page.lang}) has no "${kind}" section`);
  return section;
}

function textFiles(pages, name) {
  const files = {};
  const [en] = pages;
  const palette = sectionOf(en, "brand-palette").item;
  const names = pages.map((page) => sectionOf(page, "brand-palette").item);
  const csv = [["token", ...pages.map((p) => `name_${p.lang}`), "hex", "rgb"].join(",")];
  palette.forEach((colour, index) => {
    const localized = names.map((list) => `"${list[index].title}"`);
    csv.push([`--color-${colour.colour}`, ...localized, colour.hex, `"${colour.rgb}"`].join(","));
  });
  files["palette.csv"] = csv.join("\n") + "\n";
  for (const page of pages) {
    const copy = sectionOf(page, "brand-copy").item.map((item) => {
      const own = item.texts.find((t) => t.lang === page.lang);
      return `${item.title}\n\n${own.text}\n`;
    });
    files[`approved-copy-${page.lang}.txt`] = `${name}\n\n${copy.join("\n")}`;
    const rules = sectionOf(page, "brand-rules").item.map(
      (list) => `${list.title}\n${list.points.map((point) => `- ${point}`).join("\n")}\n`,
    );
    files[`usage-rules-${page.lang}.txt`] =
      `${sectionOf(page, "brand-rules").heading}\n\n${rules.join("\n")}`;
  }
  return files;
}

/**
 * Builds the brand kit.
 * @param {object[]} pages the brand-kit page data of every language, English first
 * @param {Record<string, string>} logos each logo variant's SVG (scripts/wordmark.mjs)
 * @returns {{ files: Record<string, Uint8Array>, module: object }} files by path below the
 *   client directory, and the value of `virtual:brand-files`
 */
export function buildBrandKit(pages, logos) {
  const name = pages[0].chrome.name;
  const base = slug(name);
  const entries = {};
  const published = {};
  const files = {};
  const publish = (zipName, bytes) => {
    const file = `brand/${hashed(zipName.split("/").pop(), bytes)}`;
    files[file] = bytes;
    return file;
  };
  for (const logo of LOGOS) {
    const svg = Buffer.from(logos[logo], "utf8");
    const png = new Resvg(svg, { fitTo: { mode: "width", value: PNG_WIDTH } }).render().asPng();
    const stem = `${base}-logo-${logo}`;
    entries[`logos/${stem}.svg`] = svg;
    entries[`logos/${stem}.png`] = png;
    const [, width, height] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(logos[logo]) ?? [];
    published[logo] = {
      svg: publish(`${stem}.svg`, svg),
      png: publish(`${stem}.png`, png),
      width: Number(width),
      height: Number(height),
    };
  }
  for (const [file, text] of Object.entries(textFiles(pages, name)))
    entries[file] = Buffer.from(text, "utf8");
  const listing = Object.keys(entries).sort();
  const zipped = zipSync(
    Object.fromEntries(listing.map((file) => [file, [entries[file], { mtime: ZIP_TIME }]])),
    { level: 9 },
  );
  const zip = publish(`${base}-brand-kit.zip`, zipped);
  return { files, module: { logos: published, zip, zipBytes: zipped.length, listing } };
}
