import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  footerGroups,
  groupIsCurrent,
  linkCurrent,
  mainNav,
  type NavGroup,
  type PageLink,
  solutionLinks,
} from "./nav";

const routes = new Set(
  [...readFileSync(resolve("../content/routes.toml"), "utf8").matchAll(/^path = "(.+)"$/gm)].flatMap(
    (match) => match[1] ?? [],
  ),
);

const pageLinks = (entries: (PageLink | NavGroup)[]): PageLink[] =>
  entries.flatMap((entry) =>
    entry.kind === "page" ? [entry] : entry.links.filter((link): link is PageLink => link.kind === "page"),
  );

const group = (id: string): NavGroup => {
  const found = mainNav.find((entry): entry is NavGroup => entry.kind === "group" && entry.id === id);
  if (!found) throw new Error(`no group ${id}`);
  return found;
};

describe("navigation data", () => {
  it("links only to pages of the route table", () => {
    const paths = [
      ...pageLinks(mainNav),
      ...footerGroups.flatMap((column) => column.links),
      ...solutionLinks,
    ].map((link) => link.path);
    expect(paths.filter((path) => !routes.has(path))).toEqual([]);
  });

  it("has the header links in order, with the six solution pages", () => {
    expect(mainNav.map((entry) => (entry.kind === "page" ? entry.path : entry.id))).toEqual([
      "/services",
      "solutions",
      "/clients",
      "product",
      "company",
      "resources",
      "/brand-kit",
      "/support-token",
    ]);
    expect(solutionLinks.map((link) => link.path).sort()).toEqual(
      [...routes].filter((path) => path.startsWith("/solutions/")).sort(),
    );
    expect(group("resources").links.map((link) => link.kind)).toEqual(["external", "page", "page"]);
  });

  it("leads the Company menu with the Trust center", () => {
    expect(group("company").links.map((link) => (link.kind === "page" ? link.path : link.id))).toEqual([
      "/trust-center",
      "/about",
      "/entities",
    ]);
  });

  it("gives every menu one featured link in each language, and names no other menu", () => {
    const menus = mainNav.flatMap((entry) => (entry.kind === "group" ? [entry.id] : []));
    for (const lang of ["en", "zh"]) {
      const site = readFileSync(resolve(`../content/${lang}/site.toml`), "utf8");
      const featured = [...site.matchAll(/^\[menu_feature\.(\w+)\]$/gm)].flatMap((match) => match[1] ?? []);
      expect(featured.sort()).toEqual([...menus].sort());
    }
  });

  it("has the footer links in order", () => {
    expect(footerGroups.flatMap((column) => column.links.map((link) => link.path))).toEqual([
      "/announcements",
      "/about",
      "/contact-us",
      "/how-custody-works",
      "/developers",
      "/user-security-guide",
      "/company-security-guide",
      "/privacy",
      "/cookie-policy",
      "/aml",
    ]);
  });
});

describe("current page", () => {
  const faq: PageLink = { kind: "page", path: "/faq", label: { id: "faq" } };
  const home: PageLink = { kind: "page", path: "/", label: { id: "home" } };

  it("marks the page itself, and the pages below it as within it", () => {
    expect(linkCurrent(faq, "/faq")).toBe("page");
    expect(linkCurrent(faq, "/faq/security")).toBe("true");
    expect(linkCurrent(faq, "/faqs")).toBeUndefined();
    expect(linkCurrent(home, "/")).toBe("page");
    expect(linkCurrent(home, "/about")).toBeUndefined();
  });

  it("marks the group holding the current page", () => {
    expect(groupIsCurrent(group("solutions"), "/solutions/mining-pool")).toBe(true);
    expect(groupIsCurrent(group("resources"), "/faq/account-opening")).toBe(true);
    expect(groupIsCurrent(group("company"), "/services")).toBe(false);
  });
});
