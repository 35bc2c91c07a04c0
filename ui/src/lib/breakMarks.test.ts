import { describe, expect, it } from "vitest";
import { unmarked } from "./breakMarks";

describe("line-break marks", () => {
  it("reads text as a reader sees it: no zero width space or word joiner, plain spaces and hyphens", () => {
    expect(unmarked("面向\u200b机构\u200b客户，Hong\u00a0Kong，3\u2011of\u20115")).toBe(
      "面向机构客户，Hong Kong，3-of-5",
    );
    expect(unmarked("模块（HSM）\u2060的密钥")).toBe("模块（HSM）的密钥");
    expect(unmarked("plain")).toBe("plain");
  });
});
