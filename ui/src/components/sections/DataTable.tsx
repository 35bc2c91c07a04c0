/** A row of a data table: the header of the row, then its cells; `id` names the row in the
 * document (`data-row`). */
export interface DataRow {
  id: string;
  head: string;
  cells: string[];
}

/** A table whose first column names each row. Wider than 40rem it is a table in a focusable, named
 * scroll region (shadows at its edges show that it scrolls); narrower, each row stacks into a
 * block whose cells carry their column's name (`data-label`, styles/marketing.css), unless the
 * table has one column of values, whose name every row would repeat. An empty
 * header cell, the corner above the row headers, is a plain cell. The caption is read but not
 * shown when it repeats the section's heading. */
export function DataTable({
  caption,
  heading,
  header,
  rows,
}: {
  caption: string;
  /** The heading of the section the table is in. */
  heading?: string;
  header: string[];
  rows: DataRow[];
}) {
  return (
    <section class="table-scroll" aria-label={caption} tabIndex={0}>
      <table class={header.length === 2 ? "data-table data-table--single" : "data-table"}>
        <caption class={caption === heading ? "visually-hidden" : undefined}>{caption}</caption>
        <thead>
          <tr>
            {header.map((cell, index) =>
              cell ? (
                <th key={index} scope="col">
                  {cell}
                </th>
              ) : (
                <td key={index} />
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-row={row.id}>
              <th scope="row">{row.head}</th>
              {row.cells.map((cell, index) => (
                <td key={index} data-label={header[index + 1] ?? ""}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
