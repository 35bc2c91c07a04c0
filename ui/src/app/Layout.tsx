import type { ComponentChildren } from "preact";
import type { PageData } from "../lib/types";
import { ConsentBanner } from "./ConsentBanner";
import { Footer } from "./Footer";
import { Header } from "./Header";

/** Skip link, header, the page's main landmark and footer. */
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
      <Footer page={page} />
      <ConsentBanner lang={page.lang} />
    </>
  );
}
