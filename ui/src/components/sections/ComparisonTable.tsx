import type { SectionOf } from "../../lib/sections";
import { DataTable } from "./DataTable";
import { SectionFrame } from "./SectionFrame";

/** A comparison table whose first column names each row. */
export function ComparisonTable({ section }: { section: SectionOf<"table"> }) {
  return (
    <SectionFrame section={section}>
      <DataTable caption={section.caption ?? section.heading} header={section.header}>
        {section.rows.map(([first, ...cells], index) => (
          <tr key={index}>
            <th scope="row">{first}</th>
            {cells.map((cell, cellIndex) => (
              <td key={cellIndex}>{cell}</td>
            ))}
          </tr>
        ))}
      </DataTable>
    </SectionFrame>
  );
}
