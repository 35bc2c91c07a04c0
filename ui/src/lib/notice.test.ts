import { beforeEach, describe, expect, it } from "vitest";
import { dismissNotice, firstNoticeOfVisit, isNoticeDismissed, NOTICE_DISMISSED_KEY } from "./notice";

describe("supported-assets notice", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.cookie = "cookieConsent=; Max-Age=0; Path=/";
  });

  it("is shown until dismissed, and the dismissal is remembered", () => {
    expect(NOTICE_DISMISSED_KEY).toBe("noticeDismissed.supportedAssets");
    expect(isNoticeDismissed()).toBe(false);
    dismissNotice();
    expect(localStorage.getItem(NOTICE_DISMISSED_KEY)).not.toBeNull();
    expect(isNoticeDismissed()).toBe(true);
  });

  it("is remembered for the session only when functional cookies are declined", () => {
    document.cookie = "cookieConsent=necessary|performance; Path=/";
    dismissNotice();
    expect(localStorage.getItem(NOTICE_DISMISSED_KEY)).toBeNull();
    expect(sessionStorage.getItem(NOTICE_DISMISSED_KEY)).not.toBeNull();
    expect(isNoticeDismissed()).toBe(true);
  });

  it("is shown once a visit: the pages after the first go without", () => {
    expect(firstNoticeOfVisit()).toBe(true);
    expect(firstNoticeOfVisit()).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
