import { allows } from "./consent";

/** Marks the analytics script element so it is inserted once. */
const MARKER = "data-analytics";

/** Inserts the page-view analytics script when one is configured and performance cookies are
 * allowed (consent includes `performance`, or no choice is recorded yet). */
export function loadAnalytics(scriptUrl: string): boolean {
  if (!scriptUrl || !allows("performance") || document.querySelector(`script[${MARKER}]`)) return false;
  const script = document.createElement("script");
  script.src = scriptUrl;
  script.async = true;
  script.setAttribute(MARKER, "");
  document.head.append(script);
  return true;
}
