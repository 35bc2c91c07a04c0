import { ConsentSettingsButton } from "../app/ConsentBanner";
import { LegalDocument } from "../components/LegalDocument";
import type { PageProps } from "../lib/types";

/** The cookie policy, with the control that reopens the consent settings. */
export default function CookiePolicyPage({ page }: PageProps<"document">) {
  return (
    <LegalDocument
      page={page}
      extras={{ "changing-your-choice": <ConsentSettingsButton class="button" /> }}
    />
  );
}
