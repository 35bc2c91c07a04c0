import { beforeEach, describe, expect, it } from "vitest";
import { dismissNotice, isNoticeDismissed, NOTICE_DISMISSED_KEY } from "./notice";

describe("supported-assets notice", () => {
  beforeEach(() => localStorage.clear());

  it("is shown until dismissed, and the dismissal is remembered", () => {
    expect(NOTICE_DISMISSED_KEY).toBe("noticeDismissed.supportedAssets");
    expect(isNoticeDismissed()).toBe(false);
    dismissNotice();
    expect(localStorage.getItem(NOTICE_DISMISSED_KEY)).not.toBeNull();
    expect(isNoticeDismissed()).toBe(true);
  });
});
