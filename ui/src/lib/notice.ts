import { allows } from "./consent";

/** Storage key that remembers the supported-assets notice was dismissed. */
export const NOTICE_DISMISSED_KEY = "noticeDismissed.supportedAssets";

/** Whether the visitor has dismissed the supported-assets notice (treated as dismissed when storage
 * is unavailable, so a visitor who cannot dismiss it for good is not shown it on every page). */
export function isNoticeDismissed(): boolean {
  try {
    return (
      localStorage.getItem(NOTICE_DISMISSED_KEY) !== null ||
      sessionStorage.getItem(NOTICE_DISMISSED_KEY) !== null
    );
  } catch {
    return true;
  }
}

/** Remembers that the visitor dismissed the supported-assets notice: across visits when functional
 * cookies are allowed (the cookie policy's example of a functional preference), otherwise for this
 * browsing session only. */
export function dismissNotice(): void {
  try {
    const storage = allows("functional") ? localStorage : sessionStorage;
    storage.setItem(NOTICE_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // No storage: the notice stays hidden for this page only.
  }
}

/** Session storage key that remembers the notice was shown in this visit. */
export const NOTICE_SHOWN_KEY = "noticeShown.supportedAssets";

/** Whether this page is the first of the visit (this tab's session) to show the notice, which it
 * then remembers; not when storage is unavailable. */
export function firstNoticeOfVisit(): boolean {
  try {
    if (sessionStorage.getItem(NOTICE_SHOWN_KEY)) return false;
    sessionStorage.setItem(NOTICE_SHOWN_KEY, "1");
    return true;
  } catch {
    return false;
  }
}
