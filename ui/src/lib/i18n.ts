import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { Lang } from "./types";

const catalogs: Record<Lang, () => Promise<{ messages: Messages }>> = {
  en: () => import("../locales/en/messages.po"),
  zh: () => import("../locales/zh/messages.po"),
};

const instances = new Map<Lang, I18n>();

/** One Lingui instance per language (never the global one), its catalog loaded on first use. */
export async function loadI18n(lang: Lang): Promise<I18n> {
  const cached = instances.get(lang);
  if (cached) return cached;
  const { messages } = await catalogs[lang]();
  const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } });
  instances.set(lang, i18n);
  return i18n;
}
