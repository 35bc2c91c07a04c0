import { useLingui } from "@lingui/react/macro";
import brandFiles from "virtual:brand-files";
import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "../sections/SectionFrame";

/** The logo variants, each previewed on the background it is made for, with SVG and PNG files. */
export function BrandLogos({ section }: { section: SectionOf<"brand-logos"> }) {
  const { t } = useLingui();
  return (
    <SectionFrame section={section}>
      <ul class="brand-logos">
        {section.item.map((logo) => {
          const files = brandFiles.logos[logo.logo];
          return (
            <li key={logo.logo} class="brand-logo" data-logo={logo.logo}>
              <div class={`brand-logo__preview brand-logo__preview--${logo.logo}`}>
                <img src={files.svg} alt={logo.title} width={files.width} height={files.height} />
              </div>
              <h3>{logo.title}</h3>
              <p>{logo.body}</p>
              <p class="brand-logo__files">
                <a href={files.svg} download>
                  {t`SVG`}
                </a>
                <a href={files.png} download>
                  {t`PNG`}
                </a>
              </p>
            </li>
          );
        })}
      </ul>
    </SectionFrame>
  );
}
