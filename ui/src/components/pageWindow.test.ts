import { describe, expect, it } from "vitest";
import { WINDOW_SLOTS, pageWindow } from "./pageWindow";

describe("pageWindow", () => {
  it("lists every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps the first, the last and the neighbours of the current page", () => {
    expect(pageWindow(1, 24)).toEqual([1, 2, 3, 4, 5, null, 24]);
    expect(pageWindow(4, 24)).toEqual([1, 2, 3, 4, 5, null, 24]);
    expect(pageWindow(5, 24)).toEqual([1, null, 4, 5, 6, null, 24]);
    expect(pageWindow(20, 24)).toEqual([1, null, 19, 20, 21, null, 24]);
    expect(pageWindow(21, 24)).toEqual([1, null, 20, 21, 22, 23, 24]);
    expect(pageWindow(24, 24)).toEqual([1, null, 20, 21, 22, 23, 24]);
  });

  it("always shows the current page in a window of constant size", () => {
    for (let count = 8; count <= 60; count++) {
      for (let page = 1; page <= count; page++) {
        const shown = pageWindow(page, count);
        expect(shown).toHaveLength(WINDOW_SLOTS);
        expect(shown).toContain(page);
        expect(shown[0]).toBe(1);
        expect(shown.at(-1)).toBe(count);
      }
    }
  });
});
