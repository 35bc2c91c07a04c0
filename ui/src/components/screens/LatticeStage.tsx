/** The stage of a layered hero (`hero.layout = "layered"`): a large lattice of the mark's
 * geometry behind the hero's screen, its lines fading out from the mark, whose five shards (three
 * filled: three of five keys sign) sit on the lattice's own cells in the stage's lower right
 * corner, which styles/layered.css places under the screen's lower right corner, clear of it. A
 * picture only, drawn in SVG: nothing to load, nothing read aloud. */

/** A lattice cell, corner to corner, and the stage's size, in its own units. */
const CELL = 44;
const WIDTH = 880;
const HEIGHT = 600;

/** The mark's shards: column, row (odd rows half a cell to the right) and whether filled. */
const MARK: readonly [number, number, boolean][] = [
  [0, 0, false],
  [0, 1, true],
  [1, 1, true],
  [1, 2, true],
  [2, 0, false],
];

/** Where the mark's first cell sits: a lattice cell's centre column and row (see `shard`). */
const MARK_AT = { column: 17, row: 12 };

/** The lattice's lines, down to the right and down to the left, half a cell off the origin so
 * that the cells' centres fall on whole and half cells. */
function lines(): string {
  let path = "";
  for (let start = CELL / 2 - CELL * Math.ceil(HEIGHT / CELL); start < WIDTH + HEIGHT; start += CELL) {
    path += `M${start} 0l${HEIGHT} ${HEIGHT}M${start} 0l${-HEIGHT} ${HEIGHT}`;
  }
  return path;
}

/** A shard of the mark as path data: the diamond of its cell, drawn a little inside it. */
function shard(column: number, row: number): string {
  const x = CELL * (MARK_AT.column - 0.5) + column * CELL + (row % 2 ? CELL / 2 : 0);
  const y = CELL * (MARK_AT.row - 1) + (row * CELL) / 2 + CELL / 2;
  const half = CELL * 0.37;
  return `M${x} ${y - half}L${x + half} ${y}L${x} ${y + half}L${x - half} ${y}Z`;
}

export function LatticeStage() {
  return (
    <svg class="lattice-stage" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
      <radialGradient id="lattice-stage-fade" gradientUnits="userSpaceOnUse" cx="494" cy="300" r="340">
        <stop offset="0" stop-opacity="0.3" />
        <stop offset="1" stop-opacity="0" />
      </radialGradient>
      <path class="lattice-stage__lines" d={lines()} stroke="url(#lattice-stage-fade)" />
      <path
        class="lattice-stage__filled"
        d={MARK.filter(([, , filled]) => filled)
          .map(([c, r]) => shard(c, r))
          .join("")}
      />
      <path
        class="lattice-stage__outlined"
        d={MARK.filter(([, , filled]) => !filled)
          .map(([c, r]) => shard(c, r))
          .join("")}
      />
    </svg>
  );
}
