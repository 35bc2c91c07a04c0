import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** A link of the site's navigation: an unprefixed path and its label. */
export interface NavLink {
  path: string;
  label: MessageDescriptor;
}

/** Main navigation of the header. */
export const headerLinks: NavLink[] = [
  { path: "/services", label: msg`Services` },
  { path: "/solutions/trad-fi", label: msg`Solutions` },
  { path: "/clients", label: msg`Clients` },
  { path: "/defi-connector", label: msg`DeFi connector` },
  { path: "/oasis-off-exchange-settlement", label: msg`Oasis` },
  { path: "/about", label: msg`About us` },
  { path: "/faq", label: msg`FAQ` },
  { path: "/brand-kit", label: msg`Brand kit` },
  { path: "/support-token", label: msg`Supported assets` },
  { path: "/contact-us", label: msg`Contact us` },
];

/** Links of the footer. */
export const footerLinks: NavLink[] = [
  { path: "/announcements", label: msg`Announcements` },
  { path: "/about", label: msg`About us` },
  { path: "/privacy", label: msg`Privacy policy` },
  { path: "/contact-us", label: msg`Contact us` },
  { path: "/user-security-guide", label: msg`Security guidelines (user edition)` },
  { path: "/company-security-guide", label: msg`Security guidelines (company edition)` },
  { path: "/cookie-policy", label: msg`Cookie policy` },
  { path: "/aml", label: msg`AML statement` },
];
