import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RuntimeSettings } from "../lib/types";

/** A page of the site: its unprefixed path and its label. */
export interface PageLink {
  kind: "page";
  path: string;
  label: MessageDescriptor;
}

/** A link to another site, whose address comes from the deployment settings. */
export interface ExternalLink {
  kind: "external";
  /** Names the link where content refers to it (its menu summary). */
  id: string;
  href: (runtime: RuntimeSettings) => string;
  label: MessageDescriptor;
}

/** A link of a navigation group. */
export type NavLink = PageLink | ExternalLink;

/** A named group of links: a dropdown in the header, a section in the phone panel. */
export interface NavGroup {
  kind: "group";
  id: string;
  label: MessageDescriptor;
  links: NavLink[];
}

/** An entry of the main navigation: a page of its own or a group. */
export type NavEntry = PageLink | NavGroup;

/** A titled column of footer links. */
export interface FooterGroup {
  id: string;
  label: MessageDescriptor;
  links: PageLink[];
}

const page = (path: string, label: MessageDescriptor): PageLink => ({ kind: "page", path, label });

/** What the prerender writes for the address of the link to another site `id`, which the server
 * replaces with the deployment's address as it serves the page
 * (crates/site/src/render/served_site.rs, `served_link_markers`). */
export const servedLinkMarker = (id: string) => `__CUSTODY_LINK_${id}__`;

/** The six solution pages, one per audience: the Solutions menu and the tabs of a solution page. */
export const solutionLinks: PageLink[] = [
  page("/solutions/trad-fi", msg`Traditional finance`),
  page("/solutions/crypto-exchanges", msg`Crypto exchanges`),
  page("/solutions/crypto-project", msg`Crypto projects`),
  page("/solutions/defi-fund", msg`DeFi funds`),
  page("/solutions/mining-pool", msg`Mining pools`),
  page("/solutions/retail-platforms", msg`Payment platforms`),
];

/** The main navigation, in the header's order (nav.test.ts holds it), shared by the header and the
 * phone panel. */
export const mainNav: NavEntry[] = [
  page("/services", msg`Services`),
  { kind: "group", id: "solutions", label: msg`Solutions`, links: solutionLinks },
  page("/clients", msg`Clients`),
  {
    kind: "group",
    id: "product",
    label: msg`Product`,
    links: [page("/defi-connector", msg`DeFi connector`), page("/oasis-off-exchange-settlement", msg`Oasis`)],
  },
  {
    kind: "group",
    id: "company",
    label: msg`Company`,
    // The Trust center first: what a buyer's security team looks for before anything else.
    links: [
      page("/trust-center", msg`Trust center`),
      page("/about", msg`About us`),
      page("/entities", msg`Entities`),
    ],
  },
  {
    kind: "group",
    id: "resources",
    label: msg`Resources`,
    links: [
      { kind: "external", id: "insights", href: (runtime) => runtime.insightsUrl, label: msg`Insights` },
      page("/faq", msg`FAQ`),
      page("/contact-us", msg`Contact us`),
    ],
  },
  page("/brand-kit", msg`Brand kit`),
  page("/support-token", msg`Supported assets`),
];

/** The columns of the footer. */
export const footerGroups: FooterGroup[] = [
  {
    id: "company",
    label: msg`Company`,
    links: [
      page("/announcements", msg`Announcements`),
      page("/about", msg`About us`),
      page("/contact-us", msg`Contact us`),
    ],
  },
  {
    id: "resources",
    label: msg`Resources`,
    // Pages without a header entry (SPEC fixes the header): how custody works and the API.
    links: [page("/how-custody-works", msg`How custody works`), page("/developers", msg`Developers`)],
  },
  {
    id: "security",
    label: msg`Security`,
    links: [
      page("/user-security-guide", msg`Security guidelines (user edition)`),
      page("/company-security-guide", msg`Security guidelines (company edition)`),
    ],
  },
  {
    id: "legal",
    label: msg`Legal`,
    links: [
      page("/privacy", msg`Privacy policy`),
      page("/cookie-policy", msg`Cookie policy`),
      page("/aml", msg`AML statement`),
    ],
  },
];

/** The key of a link's line in the content's menu summaries (`menu_summary` of
 * content/{lang}/site.toml): a page's path, another site's id. */
export function summaryKey(link: NavLink): string {
  return link.kind === "page" ? link.path : link.id;
}

/** How a page link relates to the current (unprefixed) path: the page itself, a page below it
 * (`/faq` while reading `/faq/security`), or neither. The home page is only ever itself. */
export function linkCurrent(link: PageLink, current: string): "page" | "true" | undefined {
  if (link.path === current) return "page";
  if (link.path !== "/" && current.startsWith(`${link.path}/`)) return "true";
  return undefined;
}

/** Whether the current page is one of the group's pages (or below one). */
export function groupIsCurrent(group: NavGroup, current: string): boolean {
  return group.links.some((link) => link.kind === "page" && linkCurrent(link, current) !== undefined);
}
