import { useLingui } from "@lingui/react/macro";
import brandFiles from "virtual:brand-files";
import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "../sections/SectionFrame";

/** The zip of every brand file, with its size and contents. */
export function BrandDownload({ section }: { section: SectionOf<"brand-download"> }) {
  const { t, i18n } = useLingui();
  const size = i18n.number(brandFiles.zipBytes / 1024, { maximumFractionDigits: 0 });
  return (
    <SectionFrame section={section}>
      <div class="brand-download">
        <p>{section.body}</p>
        <a class="button" href={brandFiles.zip} download>
          {section.link} <span class="brand-download__size">({t`ZIP, ${size} KB`})</span>
        </a>
        <details class="brand-download__listing">
          <summary>{t`Files in the archive`}</summary>
          <ul>
            {brandFiles.listing.map((file) => (
              <li key={file}>
                <code>{file}</code>
              </li>
            ))}
          </ul>
        </details>
      </div>
    </SectionFrame>
  );
}
