import { useLingui } from "@lingui/react/macro";
import type { RefObject } from "preact";
import { Shown } from "./answerTemplate";

/** One field the summary lists: its name, its control's id and the message shown on it. */
export interface SummaryEntry {
  name: string;
  id: string;
  message: string;
}

/** The list of what stops an application from being sent, at the top of the form: shown when a
 * submit finds invalid fields, focused then (through `summaryRef`), each entry a link that moves
 * focus to its field. It lists the same messages the fields show, in page order, and follows them
 * as they are corrected. In the form's answer template it lists every field, each kept by the
 * server when that field has a message (`error.{name}`). */
export function ErrorSummary({
  entries,
  summaryRef,
}: {
  entries: SummaryEntry[];
  summaryRef: RefObject<HTMLDivElement>;
}) {
  const { t } = useLingui();
  return (
    <div
      class="contact-summary"
      role="group"
      aria-labelledby="contact-summary-title"
      tabIndex={-1}
      ref={summaryRef}
    >
      <h2 class="contact-summary__title" id="contact-summary-title">
        {t`Please check and correct the following`}
      </h2>
      <ul class="contact-summary__list">
        {entries.map(({ name, id, message }) => (
          <Shown key={id} shown condition={`error.${name}`}>
            <li>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  event.preventDefault();
                  const control = document.getElementById(id);
                  control?.focus({ preventScroll: true });
                  control?.closest(".contact-field, .contact-consent")?.scrollIntoView({ block: "center" });
                }}
              >
                {message}
              </a>
            </li>
          </Shown>
        ))}
      </ul>
    </div>
  );
}
