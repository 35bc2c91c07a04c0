import { useEffect, useState } from "preact/hooks";
import { readConsent } from "../lib/consent";
import { dismissNotice, firstNoticeOfVisit, isNoticeDismissed } from "../lib/notice";
import { localize, splitLang } from "../lib/paths";
import type { PageData } from "../lib/types";
import { useLoaded } from "../lib/useLoaded";

/** The banner, loaded when the notice is first shown: never on a first visit, which asks for consent. */
const loadNoticeBanner = () => import("./deferred/NoticeBanner");

/** Path of the page the notice announces. */
const SUPPORTED_ASSETS_PATH = "/support-token";

/** The notification announcing the supported-assets page: a slim banner in the page's flow, under
 * the content and above the footer, so it never covers anything and, mounted only after hydration,
 * moves nothing above it. Shown on the first page of a visit that is not the page it announces,
 * until the visitor dismisses it; not on a first visit, while the cookie banner asks for consent
 * (it is decided as a page opens, from the consent recorded by then). */
export function SupportedAssetsNotice({ page }: { page: PageData }) {
  const [show, setShow] = useState(false);
  const elsewhere = splitLang(page.path).path !== SUPPORTED_ASSETS_PATH;

  useEffect(
    () => setShow(elsewhere && !isNoticeDismissed() && readConsent() !== null && firstNoticeOfVisit()),
    [page.path],
  );
  const shown = show && elsewhere;
  const banner = useLoaded(loadNoticeBanner, shown);

  if (!shown || !banner) return null;
  const dismiss = () => {
    dismissNotice();
    setShow(false);
  };
  return <banner.NoticeBanner href={localize(SUPPORTED_ASSETS_PATH, page.lang)} onDismiss={dismiss} />;
}
