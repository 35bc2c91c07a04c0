import "../styles/contact-form.css";
import { AfterApplying } from "../components/contact/AfterApplying";
import { APPLICATION_ID, ContactForm } from "../components/contact/ContactForm";
import { PageIntro } from "../components/PageIntro";
import type { PageProps } from "../lib/types";

/** `/contact-us`: the contact / open-account application form under the page's introduction, and
 * beside it what happens next. */
export default function ContactUsPage({ page }: PageProps<"contact">) {
  return (
    <>
      <PageIntro page={page} />
      <div class="container contact-page">
        <div class="contact-card" id={APPLICATION_ID}>
          <ContactForm data={page.data} lang={page.lang} />
        </div>
        <AfterApplying copy={page.data.form.after} entities={page.chrome.entities} />
      </div>
    </>
  );
}
