import { Trans } from "@lingui/react/macro";
import type { SectionOf } from "../../lib/sections";
import { ActionLinks } from "../ActionLinks";
import { FeatureIcon } from "../FeatureIcon";
import { SectionFrame } from "./SectionFrame";

/** The certifications and audit reports as a compact badge row linking to the Trust center, on
 * every page but the two that show them in full (./CertificationTiles.tsx). */
export function CertificationBadges({ section }: { section: SectionOf<"certifications"> }) {
  return (
    <SectionFrame section={section}>
      <ul class="badge-row">
        {section.item.map((item) => {
          const report = item.evidence.kind !== "certificate";
          return (
            <li key={item.id}>
              <FeatureIcon name={report ? "file-check" : "badge-check"} size={23} />
              <span>
                <strong>{item.name}</strong>
                {report ? <Trans>Auditor's report</Trans> : <Trans>Certificate</Trans>}
              </span>
            </li>
          );
        })}
      </ul>
      <ActionLinks actions={section.action} />
    </SectionFrame>
  );
}
