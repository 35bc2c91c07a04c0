import brandFiles from "virtual:brand-files";
import type { SectionOf } from "../../lib/sections";
import { SectionFrame } from "../sections/SectionFrame";

/** The mark's five shards as the lattice places them (ui/scripts/shard-lattice.mjs `MARK`): the
 * centre of each in cells, and whether it is filled. */
const SHARDS = [
  [0.5, 0.5, false],
  [1, 1, true],
  [1.5, 1.5, true],
  [2, 1, true],
  [2.5, 0.5, false],
] as const;

/** How the mark is built, the space it keeps and how it must not be changed: each drawing over its
 * title and words. */
export function BrandMark({ section }: { section: SectionOf<"brand-mark"> }) {
  return (
    <SectionFrame section={section}>
      <ul class="brand-mark">
        {section.item.map((item) => (
          <li key={item.figure} class="brand-mark__item">
            <div class={`brand-mark__figure brand-mark__figure--${item.figure}`}>{figure(item.figure)}</div>
            <h3>{item.title}</h3>
            <p>{item.body}</p>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

function figure(kind: SectionOf<"brand-mark">["item"][number]["figure"]) {
  const logo = brandFiles.logos["full-colour"];
  switch (kind) {
    case "construction":
      return <Construction />;
    case "clear-space":
      return (
        <span class="clear-space">
          <img src={logo.svg} alt="" width={logo.width} height={logo.height} />
        </span>
      );
    case "misuse":
      return (
        <span class="misuse">
          {["stretched", "rotated", "recoloured"].map((way) => (
            <span key={way} class={`misuse__logo misuse__logo--${way}`}>
              <img src={logo.svg} alt="" width={logo.width} height={logo.height} />
            </span>
          ))}
        </span>
      );
  }
}

/** The mark on its lattice: the grid's lines over three cells by two, the shards in their cells. */
function Construction() {
  const cell = 60;
  const lines = [];
  // The lattice's lines run through the corners of its cells: x ± y = (k + ½) cells.
  for (let k = -2; k <= 5; k += 1) {
    lines.push(`M${(k + 0.5) * cell} 0L${(k + 2.5) * cell} ${2 * cell}`);
    lines.push(`M${(k + 0.5) * cell} 0L${(k - 1.5) * cell} ${2 * cell}`);
  }
  return (
    <svg viewBox={`0 0 ${3 * cell} ${2 * cell}`} aria-hidden="true">
      <path class="construction__grid" d={lines.join("")} />
      {SHARDS.map(([x, y, filled]) => {
        const [cx, cy, r] = [x * cell, y * cell, cell / 2 - 5];
        return (
          <path
            key={`${x} ${y}`}
            class={filled ? "construction__filled" : "construction__outline"}
            d={`M${cx} ${cy - r}L${cx + r} ${cy}L${cx} ${cy + r}L${cx - r} ${cy}Z`}
          />
        );
      })}
    </svg>
  );
}
