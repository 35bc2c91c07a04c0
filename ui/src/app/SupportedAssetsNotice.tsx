import { Trans, useLingui } from "@lingui/react/macro";
import { createPortal } from "react-dom";
import { useEffect, useState } from "preact/hooks";
import { Icon } from "../components/Icon";
import { readConsent } from "../lib/consent";
import { dismissNotice, isNoticeDismissed } from "../lib/notice";
import { localize, splitLang } from "../lib/paths";
import type { PageData } from "../lib/types";
import "../styles/notice.css";

/** Path of the page the notice announces. */
const SUPPORTED_ASSETS_PATH = "/support-token";

/** The notification announcing the supported-assets page: a card fixed to the bottom of the window,
 * mounted only after hydration (so it never shifts the layout), until the visitor dismisses it or
 * follows its link; not shown on the page it announces. It never stacks on the cookie banner:
 * hidden while the banner asks for consent (a CSS rule on `:root[data-consent="pending"]`), and
 * after a first choice it waits for the next page view, since it is decided as a page opens, from
 * the consent recorded by then. */
export function SupportedAssetsNotice({ page }: { page: PageData }) {
  const { t } = useLingui();
  const [show, setShow] = useState(false);

  useEffect(() => setShow(!isNoticeDismissed() && readConsent() !== null), [page.path]);

  if (!show || splitLang(page.path).path === SUPPORTED_ASSETS_PATH) return null;
  const dismiss = () => {
    dismissNotice();
    setShow(false);
  };
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
        <a class="notice__link" href={localize(SUPPORTED_ASSETS_PATH, page.lang)} onClick={dismiss}>
          <Trans>View supported assets</Trans>
        </a>
      </div>
      <button type="button" class="notice__close" aria-label={t`Dismiss notice`} onClick={dismiss}>
        <Icon name="close" size={16} />
      </button>
    </aside>,
    document.body,
  );
}
