/** Asks the running client to navigate, as if a link to `href` had been followed. */
export const NAVIGATE_EVENT = "site:navigate";

/** Navigates to a page of the site on the client (a full load before hydration). */
export function navigate(href: string): void {
  const event = new CustomEvent<string>(NAVIGATE_EVENT, { detail: href, cancelable: true });
  if (window.dispatchEvent(event)) location.assign(href);
}
