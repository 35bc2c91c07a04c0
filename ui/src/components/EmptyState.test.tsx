import { I18nProvider } from "@lingui/react";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import { loadI18n } from "../lib/i18n";
import { EmptyState } from "./EmptyState";

async function render(lang: "en" | "zh", filtered: boolean): Promise<string> {
  const i18n = await loadI18n(lang);
  return renderToString(
    <I18nProvider i18n={i18n}>
      <EmptyState filtered={filtered} />
    </I18nProvider>,
  );
}

describe("EmptyState", () => {
  it("says there is no data, or nothing matches, as a status message", async () => {
    const empty = await render("en", false);
    expect(empty).toContain('role="status"');
    expect(empty).toContain("No data");
    expect(await render("en", true)).toContain("No matching data");
  });

  it("speaks the page's language", async () => {
    expect(await render("zh", false)).toContain("暂无数据");
    expect(await render("zh", true)).toContain("无匹配数据");
  });
});
