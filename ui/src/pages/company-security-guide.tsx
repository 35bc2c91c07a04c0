import { LegalDocument } from "../components/LegalDocument";
import type { PageProps } from "../lib/types";

export default function CompanySecurityGuidePage({ page }: PageProps<"document">) {
  return <LegalDocument page={page} />;
}
