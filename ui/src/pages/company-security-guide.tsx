import { LegalDocument } from "../components/LegalDocument";
import type { DocumentData } from "../lib/generated/DocumentData";
import type { PageProps } from "../lib/types";

export default function CompanySecurityGuidePage({ page }: PageProps<DocumentData>) {
  return <LegalDocument page={page} />;
}
