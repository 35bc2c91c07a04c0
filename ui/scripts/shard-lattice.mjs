// The brand's graphic device, the shard lattice: the diagonal grid of a vault door, drawn in fine
// navy lines that fade out from a corner, and in it the mark: five shards of the lattice in a
// chevron, the kestrel's spread wings, the three in the middle filled (three of the five keys of a
// cold wallet sign a transfer). One geometry, drawn three ways at build time:
// - as the logo and the favicon (scripts/wordmark.mjs draws the mark with `markShapes`);
// - as SVG images in CSS custom properties (`virtual:brand-device.css`): the hero and the 404 page
//   place them with CSS alone, so the device costs no script, no request (data: URLs, which the
//   CSP's img-src allows) and no layout shift;
// - as the flat shapes of the share cards (scripts/share-cards.mjs), which the server fills with
//   solid colours, so the fading lines are drawn as colours mixed towards the card's navy.
// Colours are the palette's (content/site.toml): `brand` navy and `highlight` gold.

/** The mark: five cells of the lattice in a chevron, (`column`, `row`) as `diamond` places them;
 * the wing tips outlined, the three between them filled. */
export const MARK = [
  { column: 0, row: 0, share: "outlined" },
  { column: 0, row: 1, share: "filled" },
  { column: 1, row: 2, share: "filled" },
  { column: 1, row: 1, share: "filled" },
  { column: 2, row: 0, share: "outlined" },
];

/** The mark's box in cells: three wide, two high; its first cell's top corner sits half a cell in
 * from the left edge. */
export const MARK_CELLS = { width: 3, height: 2, left: 0.5 };

/** The mark of the 404 page: its right wing tip is missing, a dashed outline where it belongs. */
const MARK_MISSING = MARK.map((cell, index) => (index === 4 ? { ...cell, share: "missing" } : cell));

/** A number to two decimals, for short path data. */
const round = (value) => Math.round(value * 100) / 100;

/**
 * The lattice's lines within a `width` × `height` box, diamonds `cell` wide, as segments
 * `[x1, y1, x2, y2]`.
 */
export function latticeLines(width, height, cell) {
  const lines = [];
  // Lines going down to the right (x − y constant) and down to the left (x + y constant), one
  // every `cell` along the top edge, starting far enough left to cover the box.
  for (let k = -Math.ceil(height / cell) * cell; k <= width; k += cell) {
    const down = [
      [Math.max(k, 0), Math.max(k, 0) - k],
      [Math.min(k + height, width), Math.min(k + height, width) - k],
    ];
    if (down[1][0] > down[0][0]) lines.push([...down[0], ...down[1]].map(round));
  }
  for (let k = 0; k <= width + height; k += cell) {
    const start = [Math.min(k, width), k - Math.min(k, width)];
    const end = [Math.max(k - height, 0), k - Math.max(k - height, 0)];
    if (start[0] > end[0]) lines.push([...start, ...end].map(round));
  }
  return lines;
}

/** The corners of the diamond at (`column`, `row`) of a lattice `cell` wide whose first diamond's
 * top corner is at (`x`, `y`): top, right, bottom, left. */
function diamond(x, y, cell, column, row) {
  const top = [x + column * cell + (row % 2 ? cell / 2 : 0), y + (row * cell) / 2];
  return [
    top,
    [top[0] + cell / 2, top[1] + cell / 2],
    [top[0], top[1] + cell],
    [top[0] - cell / 2, top[1] + cell / 2],
  ];
}

/** `corners` moved `inset` pixels towards their centre along each corner's line to it. */
function shrink(corners, inset) {
  const centre = [0, 1].map(
    (axis) => corners.reduce((sum, corner) => sum + corner[axis], 0) / corners.length,
  );
  return corners.map((corner) => {
    const [dx, dy] = [corner[0] - centre[0], corner[1] - centre[1]];
    const ratio = 1 - inset / Math.hypot(dx, dy);
    return [centre[0] + dx * ratio, centre[1] + dy * ratio];
  });
}

const closed = (corners) => `M${corners.map((corner) => corner.map(round).join(" ")).join("L")}Z`;

/**
 * The mark's shards (`cells`, the mark unless told) with the first cell's top corner at (`x`, `y`),
 * each drawn `inset` pixels inside its cell, as SVG path data by kind: `filled`, `outlined` and
 * `missing`. An outline `stroke` wide is drawn that much further in, so that its outer edge
 * meets the edge of a filled shard.
 */
export function markShards(x, y, cell, inset, cells = MARK, stroke = 0) {
  const paths = { filled: "", outlined: "", missing: "" };
  for (const { column, row, share } of cells) {
    const edge = share === "filled" ? inset : inset + stroke / Math.SQRT2;
    paths[share] += closed(shrink(diamond(x, y, cell, column, row), edge));
  }
  return paths;
}

/** The shards as SVG elements: the filled ones in `fill`, the others outlined `stroke` wide in
 * `outline`, a missing one dashed. */
export function shardsSvg(shards, { fill, outline, stroke }) {
  const line = `fill="none" stroke="${outline}" stroke-width="${stroke}"`;
  return (
    `<path d="${shards.filled}" fill="${fill}"/><path d="${shards.outlined}" ${line}/>` +
    (shards.missing ? `<path d="${shards.missing}" ${line} stroke-dasharray="3 3"/>` : "")
  );
}

/**
 * The mark as SVG elements, `width` wide with its box's top left corner at (`x`, `y`) (its height
 * is two thirds of its width): the filled shards in `fill`, the wing tips outlined in `outline`.
 */
export function markSvg({ x = 0, y = 0, width, fill, outline, cells = MARK }) {
  const cell = width / MARK_CELLS.width;
  const inset = cell * 0.13;
  const stroke = round(cell * 0.14);
  const shards = markShards(x + MARK_CELLS.left * cell, y, cell, inset, cells, stroke);
  return shardsSvg(shards, { fill, outline, stroke });
}

/** An SVG document as a CSS url() (percent-encoded: what a data URL must escape and no more). */
const cssUrl = (svg) => `url("data:image/svg+xml,${svg.replace(/[#%<>"]/g, encodeURIComponent)}")`;

/**
 * A lattice image: lines in `ink`, `opacity` strong in the top right corner and fading to nothing
 * at the left and bottom edges (so the image has no visible edge), and, given `mark` (its first
 * cell's top corner, in cells), the mark's shards (`cells`) in `gold` and `ink`, on the lattice's
 * own cells.
 */
function latticeSvg({ width, height, cell, ink, opacity, gold, mark, cells }) {
  const lines = latticeLines(width, height, cell)
    .map(([x1, y1, x2, y2]) => `M${x1} ${y1}L${x2} ${y2}`)
    .join("");
  const shards = mark
    ? shardsSvg(markShards(mark[0] * cell, mark[1] * cell, cell, 4, cells, 2), {
        fill: gold,
        outline: gold,
        stroke: 2,
      })
    : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<radialGradient id="f" cx="1" cy="0" r="1"><stop offset="0" stop-color="${ink}" stop-opacity="${opacity}"/>` +
    `<stop offset="1" stop-color="${ink}" stop-opacity="0"/></radialGradient>` +
    `<path d="${lines}" fill="none" stroke="url(#f)"/>${shards}</svg>`
  );
}

/**
 * The device's images as CSS custom properties, in the palette's colours: `--lattice` (with the
 * mark, for the top right corner of a light hero), `--lattice-missing` (a wing tip missing: the
 * 404 page), `--lattice-plain` (the lines alone, where the mark would sit under text: on a phone)
 * and `--lattice-inverse` (the lines alone on navy).
 * @param {Record<string, string>} palette the colours of content/site.toml by key
 */
export function deviceCss(palette) {
  const lattice = { width: 480, height: 320, cell: 48, gold: palette.highlight };
  const light = { ...lattice, ink: palette.brand, opacity: 0.16 };
  return `:root {
  --lattice: ${cssUrl(latticeSvg({ ...light, mark: [7, 1] }))};
  --lattice-missing: ${cssUrl(latticeSvg({ ...light, mark: [7, 1], cells: MARK_MISSING }))};
  --lattice-plain: ${cssUrl(latticeSvg(light))};
  --lattice-inverse: ${cssUrl(latticeSvg({ ...lattice, ink: "#ffffff", opacity: 0.12 }))};
}
`;
}

/** `hex` mixed towards `towards` by `ratio` (0–1), as #rrggbb. */
export function mix(hex, towards, ratio) {
  const channels = (colour) => [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
  const [from, to] = [channels(hex), channels(towards)];
  return `#${from
    .map((value, index) =>
      Math.round(value + (to[index] - value) * ratio)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** How many steps the share card's lattice fades in: each step is one shape of one colour. */
const CARD_STEPS = 8;

/**
 * The device on a share card as flat shapes (SVG path data in pixels, one colour each): the
 * lattice in the card's top right corner, within `radius` of it, its lines 1.5 px wide and
 * brighter towards the corner (mixed from the card's navy towards white), and the key in it.
 * @param {Record<string, string>} palette the colours of content/site.toml by key
 * @returns {{ path: string, fill: string }[]}
 */
export function cardLattice(palette, { width, height, radius }) {
  const cell = 60;
  const half = 0.75;
  const bands = Array.from({ length: CARD_STEPS }, () => "");
  // Each line is cut into pieces half a cell long, each piece in the band of its distance from
  // the corner.
  for (const [x1, y1, x2, y2] of latticeLines(width, height, cell)) {
    const pieces = Math.ceil(Math.abs(x2 - x1) / (cell / 2));
    for (let piece = 0; piece < pieces; piece += 1) {
      const [ax, ay] = [x1 + ((x2 - x1) * piece) / pieces, y1 + ((y2 - y1) * piece) / pieces];
      const [bx, by] = [x1 + ((x2 - x1) * (piece + 1)) / pieces, y1 + ((y2 - y1) * (piece + 1)) / pieces];
      const near = 1 - Math.hypot(width - (ax + bx) / 2, (ay + by) / 2) / radius;
      if (near <= 0) continue;
      const band = Math.min(CARD_STEPS - 1, Math.floor(near * CARD_STEPS));
      // A 45° line `half` pixels either side: its ends moved across it, along (1, ∓1)/√2·√2.
      const across = ay < by === ax < bx ? [half, -half] : [half, half];
      const corners = [
        [ax + across[0], ay + across[1]],
        [bx + across[0], by + across[1]],
        [bx - across[0], by - across[1]],
        [ax - across[0], ay - across[1]],
      ];
      bands[band] += closed(corners);
    }
  }
  const lines = bands.map((path, band) => ({
    path,
    fill: mix(palette.brand, "#ffffff", (0.16 * (band + 1)) / CARD_STEPS),
  }));
  const key = markShards(16.5 * cell, 0.5 * cell, cell, 5);
  // The outlined shards as rings: each outline and, inside it, the same outline 2 px in, drawn
  // the other way round so the non-zero fill leaves it empty.
  const rings = key.outlined
    .split("Z")
    .filter(Boolean)
    .map((outline) => {
      const corners = outline
        .slice(1)
        .split("L")
        .map((corner) => corner.split(" ").map(Number));
      return closed(corners) + closed(shrink(corners, 2 * Math.SQRT2).reverse());
    })
    .join("");
  return [
    ...lines.filter((shape) => shape.path),
    { path: key.filled, fill: palette.highlight },
    { path: rings, fill: palette.highlight },
  ];
}
