import type { SectionOf } from "../../lib/sections";
import { DataTable } from "./DataTable";
import { SectionFrame } from "./SectionFrame";

/** A fee table of the Singapore entity, its amounts from the fee data. */
export function FeeTable({ section }: { section: SectionOf<"fees"> }) {
  const { table } = section;
  return (
    <SectionFrame section={section}>
      <DataTable
        caption={table.caption}
        heading={section.heading}
        header={table.header}
        rows={table.rows.map((row) => ({ id: row.id, head: row.item, cells: [row.fee] }))}
      />
      {section.note && <p class="section__note">{section.note}</p>}
    </SectionFrame>
  );
}
