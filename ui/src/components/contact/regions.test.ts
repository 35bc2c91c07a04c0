import { describe, expect, it } from "vitest";
import { areaCodeOptions, countryOptions, fold, matchOptions } from "./regions";

const COUNTRIES = ["CI", "CN", "HK", "SG", "US", "UM", "AT", "AU", "GB", "CX"];
const CALLING_CODES: [string, number][] = [
  ["HK", 852],
  ["MO", 853],
  ["SG", 65],
  ["US", 1],
  ["CA", 1],
  ["GB", 44],
];

const values = (options: { value: string }[]) => options.map((option) => option.value);

describe("country and area-code lists", () => {
  it("name every region in the page's language, sorted the way that language sorts", () => {
    const english = countryOptions(COUNTRIES, "en");
    expect(english.map((option) => option.name)).toContain("Singapore");
    const names = english.map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    const chinese = countryOptions(COUNTRIES, "zh");
    expect(chinese.find((option) => option.value === "SG")?.name).toBe("新加坡");
    expect(chinese.map((option) => option.name)).toEqual(
      chinese.map((option) => option.name).sort(new Intl.Collator("zh-Hans").compare),
    );
  });

  it("find a country by the start of its name, a word, its English name or its code", () => {
    const english = countryOptions(COUNTRIES, "en");
    expect(values(matchOptions(english, "sing"))).toEqual(["SG"]);
    expect(values(matchOptions(english, "KONG"))).toEqual(["HK"]);
    expect(matchOptions(english, "us")[0]?.value).toBe("US");
    expect(values(matchOptions(english, "cote d'iv"))).toEqual(["CI"]);
    const chinese = countryOptions(COUNTRIES, "zh");
    expect(values(matchOptions(chinese, "新加"))).toEqual(["SG"]);
    expect(values(matchOptions(chinese, "Hong"))).toEqual(["HK"]);
    expect(values(matchOptions(chinese, "香港"))).toEqual(["HK"]);
    expect(matchOptions(chinese, "")).toHaveLength(COUNTRIES.length);
    expect(matchOptions(chinese, "zzz")).toEqual([]);
  });

  it("find an area code by its digits with or without +, and by the country", () => {
    const codes = areaCodeOptions(CALLING_CODES, "en");
    expect(codes.find((option) => option.value === "HK")?.dialling).toBe("+852");
    expect(values(matchOptions(codes, "+852"))).toEqual(["HK"]);
    expect(values(matchOptions(codes, "852"))).toEqual(["HK"]);
    expect(values(matchOptions(codes, "85"))).toEqual(["HK", "MO"]);
    expect(values(matchOptions(codes, "+1")).sort()).toEqual(["CA", "US"]);
    expect(values(matchOptions(codes, "macao"))).toEqual(["MO"]);
    expect(values(matchOptions(countryOptions(COUNTRIES, "en"), "852"))).toEqual([]);
  });

  it("ignore case, diacritics, full-width forms and typographic apostrophes", () => {
    expect(fold("Côte d’Ivoire")).toBe("cote d'ivoire");
    expect(fold("ＳＩＮＧ")).toBe("sing");
  });
});
