import { describe, expect, it } from "vitest";
import { allows, consentCookie, parseConsent } from "./consent";

describe("consent cookie", () => {
  it("records the levels with strictly necessary always included", () => {
    expect(consentCookie(["performance"], false)).toBe(
      "cookieConsent=necessary|performance; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(consentCookie([], true)).toBe(
      "cookieConsent=necessary; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
  });

  it("reads the recorded levels and ignores unknown ones", () => {
    expect(parseConsent("a=1; cookieConsent=necessary|functional|ads")).toEqual(["necessary", "functional"]);
    expect(parseConsent("cookieConsent=necessary%7Cperformance")).toEqual(["necessary", "performance"]);
  });

  it("treats a missing or malformed cookie as no choice", () => {
    expect(parseConsent("")).toBeNull();
    expect(parseConsent("other=necessary")).toBeNull();
    expect(parseConsent("cookieConsent=performance")).toBeNull();
  });

  it("allows a level when it was chosen or when nothing was chosen yet", () => {
    expect(allows("performance", null)).toBe(true);
    expect(allows("performance", ["necessary"])).toBe(false);
    expect(allows("performance", ["necessary", "performance"])).toBe(true);
  });
});
