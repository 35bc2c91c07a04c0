import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { auditedDocuments } from "../site";
import { printTable } from "./table";

/** The W3C's Nu HTML Checker (the `vnu-jar` package), run offline by Java (Debian's
 * default-jre-headless), or the `java` of `JAVA`. */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));
const JAVA = process.env.JAVA ?? "java";

/** One message of the checker's JSON report. */
interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
}

/** Runs the checker over every file of `folder` and answers its errors (and the files it could
 * not read). */
function check(folder: string): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      JAVA,
      ["-jar", VNU_JAR, "--errors-only", "--exit-zero-always", "--stdout", "--format", "json", folder],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`${JAVA} -jar ${VNU_JAR} exited ${code}: ${stderr}`));
      resolve((JSON.parse(stdout) as { messages: VnuMessage[] }).messages);
    });
  });
}

test("HTML: every document passes the W3C Nu HTML Checker (vnu.jar) without an error", async ({
  request,
}) => {
  const started = Date.now();
  const documents = await auditedDocuments(request);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "custody-vnu-"));
  try {
    /** Each document's path, by the name of the file it was written to. */
    const pathOf = new Map<string, string>();
    for (const [index, { path: documentPath, status }] of documents.entries()) {
      const response = await request.get(documentPath, { failOnStatusCode: false });
      expect(response.status(), documentPath).toBe(status);
      const file = `${String(index).padStart(4, "0")}.html`;
      fs.writeFileSync(path.join(folder, file), await response.body());
      pathOf.set(file, documentPath);
    }
    const messages = await check(folder);
    const rows = messages.map((message) => [
      pathOf.get(path.basename(message.url ?? "")) ?? message.url ?? "",
      `${message.lastLine ?? "-"}:${message.firstColumn ?? "-"}`,
      message.type,
      message.message,
    ]);
    printTable(
      "W3C Nu HTML Checker: summary",
      ["what", { heading: "count", right: true }],
      [
        ["documents checked (vnu.jar, errors only)", documents.length],
        ["of which error pages (404)", documents.filter((document) => document.status !== 200).length],
        ["errors", messages.length],
        ["time (s)", ((Date.now() - started) / 1000).toFixed(1)],
      ],
    );
    printTable(
      "W3C Nu HTML Checker: errors",
      ["document", "line:col", "type", "message"],
      rows.slice(0, 200),
    );
    expect(rows.map((row) => row.join(" "))).toEqual([]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
