// @vitest-environment node
import { describe, expect, it } from "vitest";
import { markBreaks, markData } from "./line-breaks.mjs";
import { wordBoundaries } from "./word-breaks.mjs";

const J = "\u2060";

describe("the breaks a page's text may not take", () => {
  it("keeps each Chinese word of the dictionary whole, and the site's terms", () => {
    expect(markBreaks("绝不会")).toBe(`绝${J}不会`);
    expect(markBreaks("请查看")).toContain(`查${J}看`);
    expect(markBreaks("面向机构客户的数字资产托管与结算")).toContain(`数${J}字${J}资${J}产`);
  });

  it("keeps a short bracketed phrase whole and a figure with its unit", () => {
    expect(markBreaks("全年无休（周末亦不例外）")).toContain(`（${J}周${J}末${J}亦${J}不${J}例${J}外${J}）`);
    const limit = markBreaks("限额 5,000 万美元");
    expect(limit).toContain("5,000\u00a0万");
    expect(limit.replaceAll(J, "")).toBe("限额 5,000\u00a0万美元");
  });

  it("keeps Hong Kong, an amount in words and a threshold together, and hyphenated words in headings only", () => {
    expect(markBreaks("Hong Kong and USD 50 million")).toBe("Hong\u00a0Kong and USD\u00a050\u00a0million");
    expect(markBreaks("Cold wallet: 3-of-5 signing")).toBe(`Cold wallet: 3${J}-${J}of${J}-${J}5 signing`);
    expect(markBreaks("Payment and e-commerce platforms", true)).toBe(
      `Payment and e${J}-${J}commerce platforms`,
    );
    expect(markBreaks("e-commerce")).toBe("e-commerce");
  });

  it("marks the text of page data, not its addresses, and records each change by kind", () => {
    const marks = { text: {}, heading: {} };
    const data = markData(
      { href: "/faq/search?q=托管账户", id: "hong-kong", heading: "Set-up", body: ["托管账户"] },
      marks,
    );
    expect(data.href).toBe("/faq/search?q=托管账户");
    expect(data.heading).toBe(`Set${J}-${J}up`);
    expect(data.body[0].replaceAll(J, "")).toBe("托管账户");
    expect(marks.heading).toEqual({ "Set-up": `Set${J}-${J}up` });
    expect(marks.text).toEqual({ 托管账户: data.body[0] });
  });

  it("lets a marked heading break between the model's phrases, and a long phrase between its words", () => {
    const broken = (text) => {
      const marked = markBreaks(text, true);
      let out = "";
      let start = 0;
      for (const offset of wordBoundaries(marked)) {
        out += `${marked.slice(start, offset)}|`;
        start = offset;
      }
      return (out + marked.slice(start)).replaceAll(J, "");
    };
    expect(broken("面向机构客户的数字资产托管与结算")).toBe("面向|机构|客户|的|数字资产|托管|与|结算");
    expect(broken("按策略划分资金")).toBe("按|策略|划分|资金");
  });
});
