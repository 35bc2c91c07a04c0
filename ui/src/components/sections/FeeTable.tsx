import type { SectionOf } from "../../lib/sections";
import { DataTable } from "./DataTable";
import { SectionFrame } from "./SectionFrame";

/** A fee table of the Singapore entity, its amounts from the fee data. */
export function FeeTable({ section }: { section: SectionOf<"fees"> }) {
  const { table } = section;
  return (
    <SectionFrame section={section}>
      <DataTable caption={table.caption} header={table.header}>
        {table.rows.map((row) => (
          <tr key={row.id} data-fee={row.id}>
            <th scope="row">{row.item}</th>
            <td>{row.fee}</td>
          </tr>
        ))}
      </DataTable>
      {section.note && <p class="section__note">{section.note}</p>}
    </SectionFrame>
  );
}
