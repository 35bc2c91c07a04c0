import { Trans, useLingui } from "@lingui/react/macro";
import type { Certification, SectionOf } from "../../lib/sections";
import { localize } from "../../lib/paths";
import type { Lang } from "../../lib/types";
import { FeatureIcon } from "../FeatureIcon";
import { FormattedDate } from "../FormattedDate";
import { SectionFrame } from "./SectionFrame";
import { Words } from "../Words";

/** Where a visitor asks for copies of the reports and certificates (the form shows its notice). */
const REQUEST_PATH = "/contact-us?request=assurance";

/** The certifications and audit reports in full, on the Trust center and How custody works (a
 * served section, src/components/sections/ServedSections.tsx, so that no page's first load carries
 * it): an evidence tile each, with what it is, who issued it, the period or day it covers or the
 * certificate's number and expiry, its scope and how to request it. */
export function CertificationTiles({ section }: { section: SectionOf<"certifications"> }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as Lang;
  return (
    <SectionFrame section={section}>
      <ul class="tiles badges scroller" tabIndex={0} aria-label={section.heading}>
        {section.item.map((item) => (
          <CertificationTile key={item.id} item={item} lang={lang} />
        ))}
      </ul>
    </SectionFrame>
  );
}

function CertificationTile({ item, lang }: { item: Certification; lang: Lang }) {
  const { evidence } = item;
  const report = evidence.kind !== "certificate";
  return (
    <li class="badge" data-certification={item.id} data-kind={report ? "report" : "certificate"}>
      <p class="badge__kind">
        <FeatureIcon name={report ? "file-check" : "badge-check"} size={23} />
        {report ? <Trans>Auditor's report</Trans> : <Trans>Certificate</Trans>}
      </p>
      <h3 class="badge__name">
        <Words text={item.name} />
      </h3>
      <dl class="badge__facts">
        <dt>{report ? <Trans>Auditor</Trans> : <Trans>Issued by</Trans>}</dt>
        <dd>{item.issuer}</dd>
        {evidence.kind === "period" && (
          <>
            <dt>
              <Trans>Review period</Trans>
            </dt>
            <dd>
              <FormattedDate date={evidence.from} lang={lang} /> –{" "}
              <FormattedDate date={evidence.to} lang={lang} />
            </dd>
          </>
        )}
        {evidence.kind === "as-of" && (
          <>
            <dt>
              <Trans>As of</Trans>
            </dt>
            <dd>
              <FormattedDate date={evidence.date} lang={lang} />
            </dd>
          </>
        )}
        {evidence.kind === "certificate" && (
          <>
            <dt>
              <Trans>Certificate number</Trans>
            </dt>
            <dd>{evidence.number}</dd>
            <dt>
              <Trans>Valid until</Trans>
            </dt>
            <dd>
              <FormattedDate date={evidence.validUntil} lang={lang} />
            </dd>
          </>
        )}
      </dl>
      <p class="badge__scope">{item.body}</p>
      <a class="badge__request" href={localize(REQUEST_PATH, lang)}>
        {report ? <Trans>Request the report</Trans> : <Trans>Request the certificate</Trans>}
      </a>
    </li>
  );
}
