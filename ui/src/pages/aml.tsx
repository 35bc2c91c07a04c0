import { type DocumentData, LegalDocument } from "../components/LegalDocument";
import type { PageProps } from "../lib/types";

export default function AmlPage({ page }: PageProps<DocumentData>) {
  return <LegalDocument page={page} />;
}
