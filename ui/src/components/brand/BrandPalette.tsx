import { useLingui } from "@lingui/react/macro";
import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "../sections/SectionFrame";
import { CopyButton } from "./CopyButton";

/** The palette as swatches (drawn as SVG fills, which the content security policy allows) with their HEX and RGB values, each copyable. */
export function BrandPalette({ section }: { section: SectionOf<"brand-palette"> }) {
  const { t } = useLingui();
  return (
    <SectionFrame section={section}>
      <ul class="tiles swatches">
        {section.item.map((colour) => (
          <li key={colour.colour} class="swatch" data-colour={colour.colour}>
            <svg class="swatch__chip" viewBox="0 0 10 10" preserveAspectRatio="none" aria-hidden="true">
              <rect width="10" height="10" fill={colour.hex} />
            </svg>
            <h3>{colour.title}</h3>
            <p>{colour.body}</p>
            <dl class="swatch__values">
              <dt>HEX</dt>
              <dd>
                <code>{colour.hex}</code>
                <CopyButton text={colour.hex} label={t`Copy the HEX value of ${colour.title}`} />
              </dd>
              <dt>RGB</dt>
              <dd>
                <code>{colour.rgb}</code>
                <CopyButton text={colour.rgb} label={t`Copy the RGB value of ${colour.title}`} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
