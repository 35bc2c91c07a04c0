import type { Lang } from "../lib/types";

const formats: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }),
  zh: new Intl.DateTimeFormat("zh-CN", { dateStyle: "long", timeZone: "UTC" }),
};

/** An ISO date (`2025-09-09`) written out in the page's language. */
export function FormattedDate({ date, lang }: { date: string; lang: Lang }) {
  return <time dateTime={date}>{formats[lang].format(new Date(`${date}T00:00:00Z`))}</time>;
}
