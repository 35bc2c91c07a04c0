import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { Lang } from "./types";

/** The catalog of each language: the messages of the shell, the code every page runs. */
const catalogs: Record<Lang, () => Promise<{ messages: Messages }>> = {
  en: () => import("../locales/en/messages.po"),
  zh: () => import("../locales/zh/messages.po"),
};

/** The messages other modules registered, by language. */
const registered: Record<Lang, Messages> = { en: {}, zh: {} };

const instances = new Map<Lang, I18n>();

/** Adds the messages `ids` of the module that calls it, in every language (`messages[lang][i]` is
 * the text of `ids[i]`): the build (scripts/messages-beside-code.mjs) makes each module outside the
 * shell call it as it loads, so the messages of a page come with its code rather than in every
 * page's catalog. */
export function registerMessages(ids: string[], messages: Record<Lang, Messages[string][]>): void {
  for (const lang of Object.keys(registered) as Lang[]) {
    const added: Messages = {};
    ids.forEach((id, index) => {
      const message = messages[lang][index];
      if (message !== undefined) added[id] = message;
    });
    Object.assign(registered[lang], added);
    instances.get(lang)?.load(lang, added);
  }
}

/** One Lingui instance per language (never the global one), its catalog loaded on first use. */
export async function loadI18n(lang: Lang): Promise<I18n> {
  const cached = instances.get(lang);
  if (cached) return cached;
  const { messages } = await catalogs[lang]();
  const i18n =
    instances.get(lang) ??
    setupI18n({ locale: lang, messages: { [lang]: { ...messages, ...registered[lang] } } });
  instances.set(lang, i18n);
  return i18n;
}
