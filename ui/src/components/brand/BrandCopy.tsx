import { useLingui } from "@lingui/react/macro";
import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "../sections/SectionFrame";
import { CopyButton } from "./CopyButton";

/** The approved descriptions in every language, each copyable. */
export function BrandCopy({ section }: { section: SectionOf<"brand-copy"> }) {
  const { t } = useLingui();
  const languageName = (lang: string) => (lang === "zh" ? "简体中文" : "English");
  return (
    <SectionFrame section={section}>
      <div class="brand-copy">
        {section.item.map((item) => (
          <article key={item.copy} class="brand-copy__item">
            <h3>{item.title}</h3>
            {item.texts.map(({ lang, text }) => (
              <figure key={lang} class="brand-copy__text" lang={lang === "zh" ? "zh-Hans" : "en"}>
                <figcaption>{languageName(lang)}</figcaption>
                <blockquote>{text}</blockquote>
                <CopyButton text={text} label={t`Copy “${item.title}” (${languageName(lang)})`} />
              </figure>
            ))}
          </article>
        ))}
      </div>
    </SectionFrame>
  );
}
