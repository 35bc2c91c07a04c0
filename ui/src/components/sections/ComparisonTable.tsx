import type { SectionOf } from "../../lib/sections";
import { DataTable } from "./DataTable";
import { SectionFrame } from "./SectionFrame";

/** A comparison table whose first column names each row. */
export function ComparisonTable({ section }: { section: SectionOf<"table"> }) {
  return (
    <SectionFrame section={section}>
      <DataTable
        caption={section.caption ?? section.heading}
        heading={section.heading}
        header={section.header}
        rows={section.rows.map(([first = "", ...cells], index) => ({
          id: String(index + 1),
          head: first,
          cells,
        }))}
      />
    </SectionFrame>
  );
}
