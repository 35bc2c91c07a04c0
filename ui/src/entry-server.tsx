import { renderToString } from "preact-render-to-string";
import { preparePhoneMenu } from "./app/Header";
import { Shell } from "./app/Shell";
import { type AnswerTemplate, AnswerTemplateContext } from "./components/contact/answerTemplate";
import { prepareAnswers } from "./components/contact/ContactForm";
import { loadI18n } from "./lib/i18n";
import { loadPage, pageIds } from "./lib/pages";
import type { Served } from "./components/served";
import type { PageData } from "./lib/types";

export { pageIds };
export { renderTemplates } from "./templates/probes";

/** The answer templates of the contact page, by the name their prerender key starts with
 * (`contact-form:/zh/contact-us`): the server makes its answers to a form posted without scripts
 * from them (src/components/contact/answerTemplate.tsx). */
const ANSWER_TEMPLATES: Record<string, Exclude<AnswerTemplate, null>> = {
  "contact-form": "form",
  "contact-received": "received",
};

/** Renders the body of one page to HTML, as served for a query string when `served` is given, or
 * as one of its answer templates with `template`: its chunk, its catalog and the navigation
 * panel's code are loaded first, so no Suspense. */
export async function render(
  page: PageData,
  served: Served | null = null,
  template: AnswerTemplate = null,
): Promise<string> {
  const [Component, i18n] = await Promise.all([loadPage(page.page), loadI18n(page.lang), preparePhoneMenu()]);
  return renderToString(
    <AnswerTemplateContext.Provider value={template}>
      <Shell page={page} Component={Component} i18n={i18n} served={served} />
    </AnswerTemplateContext.Provider>,
  );
}

/** The answer templates of `page`, by name: the contact page's two, none for any other page. */
export async function renderAnswerTemplates(page: PageData): Promise<Record<string, string>> {
  if (page.data.kind !== "contact") return {};
  await prepareAnswers();
  const rendered: Record<string, string> = {};
  for (const [name, template] of Object.entries(ANSWER_TEMPLATES))
    rendered[name] = await render(page, null, template);
  return rendered;
}
