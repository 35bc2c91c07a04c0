import { Trans, useLingui } from "@lingui/react/macro";
import { Icon } from "../../components/Icon";
import "../../styles/notice.css";

/** The supported-assets notice itself (src/app/SupportedAssetsNotice.tsx decides when it shows): a
 * slim band in the page's flow, between the content and the footer, with the link to `href` and a
 * close button, both of which call `onDismiss`. It covers nothing: the page grows by its height. */
export function NoticeBanner({ href, onDismiss }: { href: string; onDismiss: () => void }) {
  const { t } = useLingui();
  return (
    <aside class="notice" aria-labelledby="notice-title" data-notice="supported-assets">
      <div class="container notice__inner">
        <Icon name="info" size={23} class="notice__icon" />
        <p class="notice__text">
          <strong class="notice__title" id="notice-title">
            <Trans>Supported assets</Trans>
          </strong>{" "}
          <Trans>Look up the tokens and networks each of our entities supports.</Trans>
        </p>
        <a class="notice__link" href={href} onClick={onDismiss}>
          <Trans>View supported assets</Trans>
        </a>
        <button type="button" class="notice__close" aria-label={t`Dismiss notice`} onClick={onDismiss}>
          <Icon name="close" size={16} />
        </button>
      </div>
    </aside>
  );
}
