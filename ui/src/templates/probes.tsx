import { loadI18n } from "../lib/i18n";
import type { Lang, PageData } from "../lib/types";
import { type AssetTemplates, assetTemplates } from "./assets";
import { type TemplateCase, templateCases } from "./cases";
import { type Template, compile, fail, token } from "./compile";
import { type PagerTemplates, pagerTemplates } from "./pager";
import { Parts, type RenderPage } from "./parts";
import { type SearchTemplates, searchTemplates } from "./search";

/** The templates of one language, which the server fills to answer a query string
 * (crates/site/src/render/queried/templates.rs reads them). */
export interface LanguageTemplates {
  pager: PagerTemplates;
  /** A run of text that matched a search. */
  mark: Template;
  /** Each announcement's date written out, by ISO date. */
  times: Record<string, string>;
  supportedAssets: Record<"sg" | "hk", AssetTemplates>;
  faqSearch: SearchTemplates;
  announcements: SearchTemplates;
}

/** The templates of both languages, cut from renders of the pages and their parts, and the cases
 * the server's filling is checked against. `pageAt` is the data of a page by its path, as it is
 * prerendered. */
export async function renderTemplates(
  pageAt: (path: string) => PageData,
  render: RenderPage,
): Promise<{ templates: Record<Lang, LanguageTemplates>; cases: TemplateCase[] }> {
  const templates = {} as Record<Lang, LanguageTemplates>;
  for (const lang of ["en", "zh"] as const) {
    const prefix = lang === "en" ? "" : "/zh";
    const parts = new Parts(lang, await loadI18n(lang));
    const pager = pagerTemplates(parts);
    const assets = pageAt(`${prefix}/support-token`);
    const announcements = pageAt(`${prefix}/announcements`);
    if (assets.data.kind !== "supportedAssets") fail("/support-token is not the supported-assets page");
    if (announcements.data.kind !== "announcements") fail("/announcements is not the announcements list");
    const assetsOf = (entity: "sg" | "hk") =>
      assetTemplates(render, assets as PageData<"supportedAssets">, entity, parts, pager.startTag);
    templates[lang] = {
      pager: pager.templates,
      mark: compile(parts.match(token("text"))),
      times: Object.fromEntries(announcements.data.items.map(({ date }) => [date, parts.date(date)])),
      supportedAssets: { sg: await assetsOf("sg"), hk: await assetsOf("hk") },
      faqSearch: await searchTemplates(render, pageAt(`${prefix}/faq/search`), parts, pager.startTag),
      announcements: await searchTemplates(render, announcements, parts, pager.startTag),
    };
  }
  return { templates, cases: await templateCases(pageAt, render) };
}
