/** Cookie levels a visitor can consent to; `necessary` is always on. */
export const LEVELS = ["necessary", "performance", "functional"] as const;

/** One cookie level. */
export type Level = (typeof LEVELS)[number];

/** Name of the cookie that records the visitor's choice. */
export const CONSENT_COOKIE = "cookieConsent";

/** How long a choice is kept: one year, in seconds. */
const MAX_AGE = 365 * 24 * 60 * 60;

/** Fired on `window` when the recorded choice changes. */
export const CONSENT_CHANGE = "site:consentchange";

/** Fired on `window` to reopen the consent settings (footer and cookie-policy controls). */
export const CONSENT_SETTINGS = "site:consentsettings";

/** The levels recorded in a `Cookie` header value, or `null` when no choice is recorded. */
export function parseConsent(cookieHeader: string): Level[] | null {
  for (const pair of cookieHeader.split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name !== CONSENT_COOKIE) continue;
    const levels = decodeURIComponent(value.join("="))
      .split("|")
      .filter((level): level is Level => (LEVELS as readonly string[]).includes(level));
    return levels.includes("necessary") ? levels : null;
  }
  return null;
}

/** The cookie string that records `levels` (strictly necessary always included). */
export function consentCookie(levels: readonly Level[], secure: boolean): string {
  const recorded = LEVELS.filter((level) => level === "necessary" || levels.includes(level));
  return [
    `${CONSENT_COOKIE}=${recorded.join("|")}`,
    "Path=/",
    `Max-Age=${MAX_AGE}`,
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The visitor's recorded choice, or `null` when there is none yet. */
export function readConsent(): Level[] | null {
  return parseConsent(document.cookie);
}

/** Records the visitor's choice for a year and tells the page. */
export function saveConsent(levels: readonly Level[]): void {
  document.cookie = consentCookie(levels, location.protocol === "https:");
  window.dispatchEvent(new Event(CONSENT_CHANGE));
}

/** Whether cookies of `level` may be used: consented to, or no choice recorded yet. */
export function allows(level: Level, consent: Level[] | null = readConsent()): boolean {
  return consent === null || consent.includes(level);
}

/** Reopens the consent settings. */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(CONSENT_SETTINGS));
}
