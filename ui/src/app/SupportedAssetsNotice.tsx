import { useEffect, useState } from "preact/hooks";
import { readConsent } from "../lib/consent";
import { dismissNotice, isNoticeDismissed } from "../lib/notice";
import { localize, splitLang } from "../lib/paths";
import type { PageData } from "../lib/types";
import { useLoaded } from "../lib/useLoaded";

/** The card, loaded when the notice is first shown: never on a first visit, which asks for consent. */
const loadNoticeCard = () => import("./deferred/NoticeCard");

/** Path of the page the notice announces. */
const SUPPORTED_ASSETS_PATH = "/support-token";

/** The notification announcing the supported-assets page: a card fixed to the bottom of the window,
 * mounted only after hydration (so it never shifts the layout), until the visitor dismisses it or
 * follows its link; not shown on the page it announces. It never stacks on the cookie banner:
 * hidden while the banner asks for consent (a CSS rule on `:root[data-consent="pending"]`), and
 * after a first choice it waits for the next page view, since it is decided as a page opens, from
 * the consent recorded by then. */
export function SupportedAssetsNotice({ page }: { page: PageData }) {
  const [show, setShow] = useState(false);

  useEffect(() => setShow(!isNoticeDismissed() && readConsent() !== null), [page.path]);
  const shown = show && splitLang(page.path).path !== SUPPORTED_ASSETS_PATH;
  const card = useLoaded(loadNoticeCard, shown);

  if (!shown || !card) return null;
  const dismiss = () => {
    dismissNotice();
    setShow(false);
  };
  return <card.NoticeCard href={localize(SUPPORTED_ASSETS_PATH, page.lang)} onDismiss={dismiss} />;
}
