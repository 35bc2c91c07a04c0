import { LegalDocument } from "../components/LegalDocument";
import type { PageProps } from "../lib/types";

export default function UserSecurityGuidePage({ page }: PageProps<"document">) {
  return <LegalDocument page={page} />;
}
