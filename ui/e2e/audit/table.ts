/** A column of a printed table: its heading and whether its cells line up on the right (numbers). */
export interface Column {
  heading: string;
  right?: boolean;
}

/** Lays out `rows` under `columns` as a plain-text table with a rule under the headings, each
 * column as wide as its widest cell; `title` goes on the line above, a blank line before and after. */
export function formatTable(
  title: string,
  columns: (Column | string)[],
  rows: (string | number)[][],
): string {
  const cols = columns.map((column) => (typeof column === "string" ? { heading: column } : column));
  const cells = rows.map((row) => row.map(String));
  const widths = cols.map((column, index) =>
    Math.max(column.heading.length, ...cells.map((row) => (row[index] ?? "").length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, index) =>
        cols[index]?.right ? value.padStart(widths[index] ?? 0) : value.padEnd(widths[index] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [
    `\n${title}`,
    line(cols.map((column) => column.heading)),
    line(widths.map((width) => "-".repeat(width))),
    ...(cells.length > 0 ? cells.map(line) : ["(none)"]),
    "",
  ].join("\n");
}

/** Prints a table made by `formatTable` on standard output (shown by Playwright's list reporter). */
export function printTable(title: string, columns: (Column | string)[], rows: (string | number)[][]): void {
  console.log(formatTable(title, columns, rows));
}

/** `bytes` in kilobytes (1 KB = 1,000 bytes, as the budgets of weight.spec.ts), one decimal. */
export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}
