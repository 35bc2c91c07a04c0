import { afterEach, describe, expect, it } from "vitest";
import { announceLocationChange, switchLanguageHref } from "./location";

describe("switchLanguageHref", () => {
  it("keeps the page, the query and the hash both ways", () => {
    expect(switchLanguageHref("/about", "zh", "?x=1#team")).toBe("/zh/about?x=1#team");
    expect(switchLanguageHref("/zh/about", "en", "?x=1#team")).toBe("/about?x=1#team");
    expect(switchLanguageHref("/faq/security", "zh", "")).toBe("/zh/faq/security");
  });

  it("maps the two home pages onto each other", () => {
    expect(switchLanguageHref("/", "zh", "#top")).toBe("/zh#top");
    expect(switchLanguageHref("/zh", "en", "?q=a")).toBe("/?q=a");
  });
});

describe("announceLocationChange", () => {
  const seen: string[] = [];
  const listener = () => seen.push(location.hash);
  afterEach(() => {
    window.removeEventListener("site:locationchange", listener);
    seen.length = 0;
  });

  it("tells listeners about an address changed through the History API", () => {
    window.addEventListener("site:locationchange", listener);
    history.pushState(null, "", "#moved");
    announceLocationChange();
    expect(seen).toEqual(["#moved"]);
  });
});
