import { useEffect, useRef } from "preact/hooks";
import { Icon } from "../Icon";
import type { Receipt } from "./submission";
import type { ContactCopy } from "./types";

/** What replaces the form once the application is stored: the server's confirmation and the
 * application's reference. Its heading takes focus, so screen readers announce it. */
export function SuccessPanel({ receipt, copy }: { receipt: Receipt; copy: ContactCopy["success"] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="contact-success" aria-labelledby="contact-success-title">
      <span class="contact-success__icon">
        <Icon name="check" size={32} />
      </span>
      <h2 id="contact-success-title" class="contact-success__title" tabIndex={-1} ref={heading}>
        {receipt.title}
      </h2>
      <p class="contact-success__detail">{receipt.detail}</p>
      <dl class="contact-success__reference">
        <dt>{copy.reference}</dt>
        <dd>
          <code>{receipt.id}</code>
        </dd>
      </dl>
      <p class="contact-success__next">{copy.next}</p>
    </section>
  );
}
