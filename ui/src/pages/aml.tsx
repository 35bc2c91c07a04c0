import { LegalDocument } from "../components/LegalDocument";
import type { DocumentData } from "../lib/generated/DocumentData";
import type { PageProps } from "../lib/types";

export default function AmlPage({ page }: PageProps<DocumentData>) {
  return <LegalDocument page={page} />;
}
