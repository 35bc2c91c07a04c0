/** What the structured data of one document must say, by schema.org type: the Organization with
 * its legal entities on every document, a BreadcrumbList on FAQ and announcement pages that ends
 * at the page, and a NewsArticle on each announcement, published by that Organization. */

type Node = Record<string, unknown>;

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";
const isAbsolute = (value: unknown): boolean => isText(value) && /^https?:\/\//.test(value);
const isDate = (value: unknown): value is string => isText(value) && /^\d{4}-\d{2}-\d{2}/.test(value);
const types = (node: Node): string[] => [node["@type"]].flat().filter(isText);

/** Pages that show a breadcrumb trail and must describe it. */
const BREADCRUMB_PAGE = /^(\/zh)?\/(faq|announcements)(\/|$|\?)/;
/** An announcement's own page. */
const ANNOUNCEMENT_PAGE = /^(\/zh)?\/announcements\/[^/?]+$/;

function organizationProblems(node: Node): string[] {
  const problems = ["name", "url", "@id"]
    .filter((key) => !isText(node[key]))
    .map((key) => `Organization has no ${key}`);
  const entities = node["subOrganization"];
  if (!Array.isArray(entities) || entities.length === 0)
    return [...problems, "Organization has no subOrganization"];
  for (const entity of entities as Node[]) {
    const address = entity["address"] as Node | undefined;
    if (!types(entity).includes("Organization") || !isText(entity["name"]))
      problems.push("a subOrganization is not a named Organization");
    if (!isText(entity["legalName"]))
      problems.push(`subOrganization ${String(entity["name"])} has no legalName`);
    const addressFields = ["streetAddress", "addressLocality", "addressCountry"];
    if (
      !address ||
      !types(address).includes("PostalAddress") ||
      !addressFields.every((key) => isText(address[key]))
    )
      problems.push(
        `subOrganization ${String(entity["name"])} has no PostalAddress with ${addressFields.join(", ")}`,
      );
  }
  return problems;
}

function breadcrumbProblems(node: Node, pageUrl: string): string[] {
  const items = node["itemListElement"];
  if (!Array.isArray(items) || items.length < 2) return ["BreadcrumbList has fewer than two items"];
  const problems: string[] = [];
  (items as Node[]).forEach((item, index) => {
    if (!types(item).includes("ListItem") || item["position"] !== index + 1)
      problems.push(`BreadcrumbList item ${index + 1} is not ListItem at position ${index + 1}`);
    if (!isText(item["name"]) || !isAbsolute(item["item"]))
      problems.push(`BreadcrumbList item ${index + 1} has no name or absolute item`);
  });
  const last = (items as Node[]).at(-1)?.["item"];
  if (last !== pageUrl) problems.push(`BreadcrumbList ends at ${String(last)}, not at the page ${pageUrl}`);
  return problems;
}

function articleProblems(node: Node, organizationId: unknown, pageUrl: string): string[] {
  const problems: string[] = [];
  if (!isText(node["headline"]) || node["headline"].length > 110)
    problems.push("NewsArticle headline missing or over 110 characters");
  if (!isDate(node["datePublished"]) || !isDate(node["dateModified"]))
    problems.push("NewsArticle dates are not ISO dates");
  else if (node["dateModified"] < node["datePublished"])
    problems.push("NewsArticle is modified before it was published");
  const images = node["image"];
  if (!Array.isArray(images) || images.length === 0 || !images.every(isAbsolute))
    problems.push("NewsArticle has no absolute image");
  if ((node["publisher"] as Node | undefined)?.["@id"] !== organizationId)
    problems.push("NewsArticle's publisher is not the Organization");
  if (node["url"] !== pageUrl)
    problems.push(`NewsArticle url ${String(node["url"])} is not the page ${pageUrl}`);
  return problems;
}

/**
 * The problems of a document's JSON-LD nodes, and the types it holds.
 * @param path the document's path (and query: a page answered for a query string names the page
 *   itself, without it, as its canonical address does)
 * @param origin the site's public origin, which the nodes' URLs start with
 * @param isPage the document is a page (not an error page)
 */
export function structuredDataProblems(
  nodes: Node[],
  path: string,
  origin: string,
  isPage: boolean,
): { problems: string[]; types: string[] } {
  const pageUrl = `${origin}${path.split("?")[0]}`;
  const byType = (type: string) => nodes.filter((node) => types(node).includes(type));
  const problems: string[] = [];
  const organizations = byType("Organization");
  if (organizations.length !== 1) problems.push(`${organizations.length} Organization nodes, not one`);
  const organization = organizations[0];
  if (organization) problems.push(...organizationProblems(organization));
  const breadcrumbs = byType("BreadcrumbList");
  const wantsBreadcrumbs = isPage && BREADCRUMB_PAGE.test(path);
  if (breadcrumbs.length !== (wantsBreadcrumbs ? 1 : 0))
    problems.push(`${breadcrumbs.length} BreadcrumbList nodes, expected ${wantsBreadcrumbs ? 1 : 0}`);
  for (const node of breadcrumbs) problems.push(...breadcrumbProblems(node, pageUrl));
  const articles = byType("NewsArticle");
  const wantsArticle = isPage && ANNOUNCEMENT_PAGE.test(path);
  if (articles.length !== (wantsArticle ? 1 : 0))
    problems.push(`${articles.length} NewsArticle nodes, expected ${wantsArticle ? 1 : 0}`);
  for (const node of articles) problems.push(...articleProblems(node, organization?.["@id"], pageUrl));
  return { problems, types: nodes.flatMap(types) };
}
