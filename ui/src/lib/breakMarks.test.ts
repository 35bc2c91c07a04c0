import { describe, expect, it } from "vitest";
import { unmarked } from "./breakMarks";

describe("line-break marks", () => {
  it("reads text as a reader sees it: no word joiner, each no-break space a space", () => {
    expect(unmarked("数\u2060字\u2060资\u2060产，Hong\u00a0Kong")).toBe("数字资产，Hong Kong");
    expect(unmarked("plain")).toBe("plain");
  });
});
