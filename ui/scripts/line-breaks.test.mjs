// @vitest-environment node
import { describe, expect, it } from "vitest";
import { markBreaks, markData } from "./line-breaks.mjs";
import { wordBoundaries } from "./word-breaks.mjs";

const Z = "\u200b";
/** Marked text with each offered break shown as "|". */
const shown = (text) => text.replaceAll(Z, "|");

describe("the breaks a page's text may and may not take", () => {
  it("offers a break between two Chinese words of the dictionary only, never inside a word or a term of the site (机构客户 among them)", () => {
    expect(shown(markBreaks("面向机构客户的数字资产托管与结算"))).toBe(
      "面向|机构客户的|数字资产|托管与|结算",
    );
    expect(shown(markBreaks("请查看"))).not.toContain("查|看");
    expect(shown(markBreaks("绝不会"))).not.toContain("绝|不");
    expect(shown(markBreaks("分开持有冷钱包，白名单，贵机构"))).toBe("分开|持有|冷钱包，白名单，贵机构");
    expect(shown(markBreaks("新加坡红隼码头 20 号 #18-01，邮编 099017"))).toContain("，邮编");
  });

  it("offers no break before a particle or conjunction standing alone, only before a word it starts", () => {
    expect(shown(markBreaks("已完成了审批的转账和提款"))).toBe("已|完成了|审批的|转账和|提款");
    expect(shown(markBreaks("请了解费用"))).toBe("请|了解|费用");
    expect(markBreaks("硬件安全模块（HSM）的密钥")).toContain("）\u2060的");
    expect(markBreaks("Kestrel Custody 的服务")).toContain("Custody\u00a0的");
  });

  it("offers a break after Chinese punctuation before a Latin word or a figure, which WebKit takes nowhere else", () => {
    expect(shown(markBreaks("适用资产：BTC、ETH、XRP 及 DOGE"))).toBe("适用|资产：|BTC、|ETH、|XRP 及 DOGE");
    expect(shown(markBreaks("折扣率为 5%、10%"))).toContain("、|10%");
    expect(shown(markBreaks("（BTC、ETH）"))).not.toContain("|");
  });

  it("keeps a short bracketed phrase whole, its spaces too, and a figure with its unit", () => {
    expect(markBreaks("全年无休（周末亦不例外）")).toContain("（周末亦不例外）");
    expect(shown(markBreaks("全天候（含周末及公共假期）"))).toContain("公共|假期");
    expect(markBreaks("（T+1 结算）")).toBe("（T+1\u00a0结算）");
    const limit = markBreaks("限额 5,000 万美元");
    expect(limit).toContain("5,000\u00a0万美元");
    expect(shown(markBreaks("2026年8月起"))).not.toMatch(/\d\|/);
  });

  it("keeps Hong Kong, an amount in words and a threshold together, and in headings only hyphenated words and a short word with the next", () => {
    expect(markBreaks("Hong Kong and USD 50 million")).toBe("Hong\u00a0Kong and USD\u00a050\u00a0million");
    expect(markBreaks("Cold wallet: 3-of-5 signing")).toBe("Cold wallet: 3\u2011of\u20115 signing");
    expect(markBreaks("Payment and e-commerce platforms", true)).toBe(
      "Payment and e\u2011commerce platforms",
    );
    expect(markBreaks("Only to whitelisted addresses", true)).toBe("Only to\u00a0whitelisted addresses");
    expect(markBreaks("Only to whitelisted addresses")).toBe("Only to whitelisted addresses");
    expect(markBreaks("What does the wallet-as-a-service API do?", true)).toBe(
      "What does the wallet\u2011as\u2011a\u2011service API do?",
    );
    expect(markBreaks("Write to incidents@custody.example")).toBe("Write to incidents@\u200bcustody.example");
    expect(markBreaks("[a@b.example](mailto:a@b.example)")).toBe("[a@\u200bb.example](mailto:a@b.example)");
    expect(markBreaks("请发送邮件至 a@b.example，说明")).toContain("a@\u200bb.example，");
    expect(markBreaks(markBreaks("至 a@b.example"))).toBe(markBreaks("至 a@b.example"));
    expect(markBreaks("e-commerce")).toBe("e-commerce");
  });

  it("offers a heading's breaks between BudouX's phrases only, and marks the same text again the same way", () => {
    expect(shown(markBreaks("面向机构客户的数字资产托管与结算", true))).toBe(
      "面向|机构客户的|数字资产|托管与|结算",
    );
    expect(shown(markBreaks("按策略划分资金", true))).toBe("按策略|划分|资金");
    expect(markBreaks(markBreaks("托管账户"))).toBe(markBreaks("托管账户"));
  });

  it("marks the text of page data, not its addresses, and records each change by kind", () => {
    const marks = { text: {}, heading: {} };
    const data = markData(
      { href: "/faq/search?q=托管账户", id: "hong-kong", heading: "Set-up", body: ["托管账户"] },
      marks,
    );
    expect(data.href).toBe("/faq/search?q=托管账户");
    expect(data.heading).toBe("Set\u2011up");
    expect(data.body[0]).toBe(`托管${Z}账户`);
    expect(marks.heading).toEqual({ "Set-up": "Set\u2011up" });
    expect(marks.text).toEqual({ 托管账户: data.body[0] });
  });

  it("finds the phrases of a heading text the page data did not mark, never cutting a word", () => {
    const broken = (text) => {
      let out = "";
      let start = 0;
      for (const offset of wordBoundaries(text)) {
        out += `${text.slice(start, offset)}|`;
        start = offset;
      }
      return out + text.slice(start);
    };
    expect(broken("面向机构客户的数字资产托管与结算")).toBe("面向|机构客户的|数字资产|托管与|结算");
    expect(broken("按策略划分资金")).toBe("按策略|划分|资金");
    expect(broken("资产由贵机构分开持有")).not.toMatch(/分\|开|持\|有|贵\|机|机\|构/);
    expect(broken("冷钱包与白名单地址")).not.toMatch(/冷\|钱|钱\|包|白\|名|名\|单/);
    expect(wordBoundaries(markBreaks("面向机构客户的数字资产托管与结算", true))).toEqual([]);
  });
});
