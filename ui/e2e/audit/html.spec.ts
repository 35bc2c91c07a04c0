import { expect, test } from "@playwright/test";
import { HtmlValidate, type Message } from "html-validate";
import { parse } from "node-html-parser";
import { auditedDocuments } from "../site";
import { htmlValidateConfig } from "./html-validate.config";
import { structuredDataProblems } from "./jsonld";
import { printTable } from "./table";

/** What is wrong with the JSON of one `<script>` block, or `null`. */
function jsonProblem(type: string, text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `${type} does not parse: ${(error as Error).message}`;
  }
  if (type !== "application/ld+json") return null;
  const nodes = Array.isArray(value) ? (value as unknown[]) : [value];
  for (const node of nodes) {
    if (typeof node !== "object" || node === null) return "JSON-LD is not an object";
    const record = node as Record<string, unknown>;
    if (typeof record["@context"] !== "string" && typeof record["@context"] !== "object")
      return "JSON-LD has no @context";
    if (typeof record["@type"] !== "string" && !Array.isArray(record["@type"]) && !("@graph" in record))
      return "JSON-LD has no @type";
  }
  return null;
}

test("HTML: every document passes html-validate (recommended), its JSON blocks parse and its JSON-LD says what its page needs", async ({
  request,
  baseURL,
}) => {
  const started = Date.now();
  const documents = await auditedDocuments(request);
  const validator = new HtmlValidate(htmlValidateConfig);
  const rows: (string | number)[][] = [];
  const problems: string[] = [];
  const jsonRows: string[][] = [];
  const ldTypes = new Map<string, number>();
  let jsonBlocks = 0;
  for (const { path, status } of documents) {
    const response = await request.get(path, { failOnStatusCode: false });
    expect(response.status(), path).toBe(status);
    const html = await response.text();
    const report = await validator.validateString(html, path);
    const messages: Message[] = report.results.flatMap((result) => result.messages);
    for (const message of messages) {
      rows.push([path, `${message.line}:${message.column}`, message.ruleId, message.message]);
      problems.push(`${path}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
    const scripts = parse(html).querySelectorAll(
      'script[type="application/ld+json"], script[type="application/json"]',
    );
    expect(scripts.length, `${path}: JSON-LD and the runtime configuration`).toBeGreaterThanOrEqual(2);
    const nodes: Record<string, unknown>[] = [];
    for (const script of scripts) {
      jsonBlocks += 1;
      const type = script.getAttribute("type") ?? "";
      const problem = jsonProblem(type, script.rawText);
      if (problem) jsonRows.push([path, type, problem]);
      else if (type === "application/ld+json")
        nodes.push(JSON.parse(script.rawText) as Record<string, unknown>);
    }
    const structured = structuredDataProblems(nodes, path, new URL(baseURL ?? "").origin, status === 200);
    for (const problem of structured.problems) jsonRows.push([path, "application/ld+json", problem]);
    for (const type of structured.types) ldTypes.set(type, (ldTypes.get(type) ?? 0) + 1);
  }
  const byRule = new Map<string, number>();
  for (const row of rows) byRule.set(String(row[2]), (byRule.get(String(row[2])) ?? 0) + 1);
  printTable(
    "HTML validity: summary",
    ["what", { heading: "count", right: true }],
    [
      ["documents validated (html-validate:recommended)", documents.length],
      ["of which error pages (404)", documents.filter((document) => document.status !== 200).length],
      ["html-validate messages", rows.length],
      ["JSON blocks parsed (JSON-LD, runtime configuration)", jsonBlocks],
      ["JSON problems", jsonRows.length],
      ["time (s)", ((Date.now() - started) / 1000).toFixed(1)],
    ],
  );
  printTable(
    "HTML validity: JSON-LD nodes by type",
    ["@type", { heading: "documents", right: true }],
    [...ldTypes],
  );
  printTable("HTML validity: messages by rule", ["rule", { heading: "count", right: true }], [...byRule]);
  printTable("HTML validity: messages", ["document", "line:col", "rule", "message"], rows.slice(0, 200));
  printTable("HTML validity: JSON blocks", ["document", "type", "problem"], jsonRows);
  expect.soft(problems, "html-validate").toEqual([]);
  expect.soft(jsonRows, "JSON blocks").toEqual([]);
});
