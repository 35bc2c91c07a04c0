import type { ComponentChildren } from "preact";

/** A table that scrolls sideways on narrow screens (an empty header cell, the corner above the row
 * headers, is a plain cell); the scroll region (a named `<section>`) is focusable so
 * keyboard users can scroll it too. */
export function DataTable({
  caption,
  header,
  children,
}: {
  caption: string;
  header: string[];
  children: ComponentChildren;
}) {
  return (
    <section class="table-scroll" aria-label={caption} tabIndex={0}>
      <table class="data-table">
        <caption>{caption}</caption>
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
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
