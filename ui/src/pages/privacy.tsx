import { LegalDocument } from "../components/LegalDocument";
import type { PageProps } from "../lib/types";

export default function PrivacyPage({ page }: PageProps<"document">) {
  return <LegalDocument page={page} />;
}
