import { describe, expect, it } from "vitest";
import { localize, splitLang } from "./paths";

describe("paths", () => {
  it("localizes and splits as inverses", () => {
    for (const path of ["/", "/about", "/faq/security"]) {
      for (const lang of ["en", "zh"] as const) {
        expect(splitLang(localize(path, lang))).toEqual({ lang, path });
      }
    }
  });

  it("treats look-alike prefixes as English", () => {
    expect(splitLang("/zhx")).toEqual({ lang: "en", path: "/zhx" });
    expect(splitLang("/zh/")).toEqual({ lang: "zh", path: "/" });
  });
});
