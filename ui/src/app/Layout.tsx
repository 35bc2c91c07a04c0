import type { ComponentChildren } from "preact";
import type { PageData } from "../lib/types";
import { ConsentBanner } from "./ConsentBanner";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { SupportedAssetsNotice } from "./SupportedAssetsNotice";

/** Skip link, header, the page's main landmark, the site notice under it, the footer and the
 * cookie banner. */
export function Layout({ page, children }: { page: PageData; children: ComponentChildren }) {
  return (
    <>
      <a class="skip-link" href="#main">
        {page.chrome.skipLink}
      </a>
      <Header page={page} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SupportedAssetsNotice page={page} />
      <Footer page={page} />
      <ConsentBanner lang={page.lang} />
    </>
  );
}
