import { Trans, useLingui } from "@lingui/react/macro";
import { createPortal } from "react-dom";
import { Icon } from "../../components/Icon";
import "../../styles/notice.css";

/** The supported-assets notice itself (src/app/SupportedAssetsNotice.tsx decides when it shows):
 * a card fixed to the bottom of the window with the link to `href` and a close button, both of
 * which call `onDismiss`. */
export function NoticeCard({ href, onDismiss }: { href: string; onDismiss: () => void }) {
  const { t } = useLingui();
  return createPortal(
    <aside class="notice" aria-labelledby="notice-title" data-notice="supported-assets">
      <Icon name="info" size={23} class="notice__icon" />
      <div class="notice__body">
        <p class="notice__title" id="notice-title">
          <Trans>Supported assets</Trans>
        </p>
        <p class="notice__text">
          <Trans>Look up the tokens and networks each of our entities supports.</Trans>
        </p>
        <a class="notice__link" href={href} onClick={onDismiss}>
          <Trans>View supported assets</Trans>
        </a>
      </div>
      <button type="button" class="notice__close" aria-label={t`Dismiss notice`} onClick={onDismiss}>
        <Icon name="close" size={16} />
      </button>
    </aside>,
    document.body,
  );
}
