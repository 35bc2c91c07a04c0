import { expect, test } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSite } from "./server";

/** The repository's content, copied for each run so the test can edit it. */
const CONTENT = new URL("../../content", import.meta.url).pathname;
const FILE = path.join("en", "marketing", "home.toml");
const HEADING = 'heading = "Kestrel Custody in figures"';

test("the live preview reloads on every content change and lists content problems with file and line", async ({
  page,
}) => {
  // The first page of a preview waits for Vite to compile the interface on demand.
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "custody-preview-"));
  const content = path.join(dir, "content");
  fs.cpSync(CONTENT, content, { recursive: true });
  const file = path.join(content, FILE);
  const original = fs.readFileSync(file, "utf8");
  expect(original).toContain(HEADING);
  const { child: preview, origin } = await spawnSite(
    ["--dev", "--content", content],
    { RUST_LOG: "info", CUSTODY_SITE_CONTACT_LOG: path.join(dir, "applications.jsonl") },
    ["ignore", "pipe", "pipe"],
  );
  let terminal = "";
  preview.stdout?.on("data", (chunk: Buffer) => (terminal += chunk.toString()));
  preview.stderr?.on("data", (chunk: Buffer) => (terminal += chunk.toString()));
  const exited = new Promise((resolve) => preview.once("exit", resolve));
  try {
    // The request waits in the socket's queue until the preview, started, takes it.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);

    await page.goto(`${origin}/`);
    const figures = page.getByRole("heading", { level: 2, name: "Kestrel Custody in figures" });
    await expect(figures).toBeVisible({ timeout: 120_000 });
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // The interface comes from Vite's dev server, through the binary, with its hot-reload client.
    const viteClient = await page.request.get(`${origin}/_app/@vite/client`);
    expect(viteClient.status()).toBe(200);
    expect(await viteClient.text()).toContain("hmr");

    // A saved edit reloads the open page with the new text.
    fs.writeFileSync(file, original.replace(HEADING, 'heading = "Kestrel Custody by the numbers"'));
    await expect(page.getByRole("heading", { level: 2, name: "Kestrel Custody by the numbers" })).toBeVisible(
      {
        timeout: 60_000,
      },
    );

    // A mistake shows as file:line: message in the page and in the terminal; the server keeps running.
    const lines = original.split("\n");
    const at = lines.indexOf(HEADING) + 1;
    lines.splice(at, 0, 'subheadng = "A misspelt key"');
    fs.writeFileSync(file, lines.join("\n"));
    const problem = `content/en/marketing/home.toml:${at + 1}:`;
    await expect(page.locator("#content-problems li").first()).toContainText(problem, { timeout: 60_000 });
    await expect(page.locator("#content-problems")).toContainText("subheadng");
    await expect.poll(() => terminal, { timeout: 10_000 }).toContain(problem);

    // Fixed, the page comes back by itself.
    fs.writeFileSync(file, original);
    await expect(figures).toBeVisible({ timeout: 60_000 });
    expect(preview.exitCode).toBeNull();
  } finally {
    preview.kill("SIGTERM");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
