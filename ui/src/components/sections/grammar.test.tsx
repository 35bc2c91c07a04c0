import { renderToString } from "preact-render-to-string";
import { describe, expect, it, vi } from "vitest";
import type { SectionOf } from "../../lib/sections";
import { Diagram } from "./Diagram";
import { Evidence } from "./Evidence";
import { Features } from "./Features";
import { People } from "./People";
import { Split } from "./Split";
import { Timeline } from "./Timeline";

// The icons come from a sprite the build makes from content; the items here have none.
vi.mock("../FeatureIcon", () => ({ FeatureIcon: () => null }));

const stage = (title: string) => ({ title, body: `${title} body` });

describe("page grammar sections", () => {
  it("draws as many key shards as the data holds, the threshold lit, on one connected flow", () => {
    const section: SectionOf<"diagram"> = {
      kind: "diagram",
      id: "held",
      heading: "How your assets are held",
      stage: [stage("Request"), stage("Quorum"), stage("Keys"), stage("Destination")],
      keys_label: "3-of-5 signing",
      keys: 5,
      threshold: 3,
      action: [],
    };
    const html = renderToString(<Diagram section={section} />);
    expect(html.match(/<li class="flow__stage/g)).toHaveLength(4);
    const keys = html.slice(html.indexOf("flow__stage--keys"));
    const shards = keys.slice(0, keys.indexOf("</svg>")).match(/<path class="flow__(lit|line)"/g) ?? [];
    expect(shards).toHaveLength(5);
    expect(shards.filter((shard) => shard.includes("flow__lit"))).toHaveLength(3);
    expect(html).toContain('<p class="flow__badge">3-of-5 signing</p>');
  });

  it("draws the client mix as one bar of parts that add up to the total, and each example's headline figure", () => {
    const section: SectionOf<"evidence"> = {
      kind: "evidence",
      id: "clients",
      heading: "Institutions",
      client: [
        { id: "exchanges", label: "Exchanges", count: 84 },
        { id: "funds", label: "Fund managers", count: 16 },
      ],
      total: 100,
      total_label: "institutional clients",
      example: "Example set-up",
      item: [
        {
          client: "A regional exchange",
          context: "Contracts with our Hong Kong entity",
          need: "Keep reserves offline",
          setup: "Reserves sit in cold wallets.",
          metric: [
            { value: "2 of 3", label: "checkers approve each refill" },
            { value: "500,000", label: "deposit addresses" },
          ],
        },
      ],
      note: "Composite examples.",
      group: [{ label: "Insurance", names: ["Woodgrove Specialty Insurance"] }],
      action: [],
    };
    const html = renderToString(<Evidence section={section} />);
    expect(html).toContain('viewBox="0 0 100 10"');
    expect(html).toMatch(/<rect class="part-0" x="0" width="83"/);
    expect(html).toMatch(/<rect class="part-1" x="84" width="15"/);
    expect(html).toContain('<span class="mix__count">100</span> institutional clients');
    expect(html).toContain('<span class="example__value">2 of 3</span>');
    expect(html).not.toContain("500,000");
    expect(html).toContain("Example set-up · A regional exchange");
    expect(html).toContain(
      '<dd class="wordmark wordmark--0"><span class="wordmark__name">Woodgrove</span> Specialty Insurance</dd>',
    );
  });

  it("draws people as cards with their initials and the line under its column's name", () => {
    const section: SectionOf<"table"> = {
      kind: "table",
      id: "board",
      heading: "Board",
      header: ["Name", "Role", "Committees"],
      rows: [["Hollis Brandtner", "Director", "Chairs the audit committee"]],
      layout: "people",
    };
    const html = renderToString(<People section={section} />);
    expect(html).toContain('<span class="person__initials" aria-hidden="true"><span>HB</span></span>');
    expect(html).toContain('<span class="person__label">Committees</span> Chairs the audit committee');
  });

  it("names each side box by its section's heading, so that two on a page are told apart", () => {
    const section = (id: string, heading: string): SectionOf<"split"> => ({
      kind: "split",
      id,
      heading,
      body: [{ p: ["Body."] }],
      aside: [{ p: ["Aside."] }],
      words: [],
      action: [],
    });
    const html = renderToString(
      <>
        <Split section={section("segregation", "Segregation")} />
        <Split section={section("verify-holdings", "Verify your holdings yourself")} />
      </>,
    );
    expect(html).toContain('<aside class="split__aside prose" aria-label="Segregation">');
    expect(html).toContain('<aside class="split__aside prose" aria-label="Verify your holdings yourself">');
  });

  it("draws the key map and the insurance's limits from the facts their section carries", () => {
    const split = (illustration: "key-map" | "insurance-limits", facts: object): SectionOf<"split"> => ({
      kind: "split",
      id: illustration,
      heading: "Figure",
      body: [{ p: ["Body."] }],
      illustration,
      words: ["Caption", "A", "B", "C", "D", "E", "F"],
      action: [],
      ...facts,
    });
    const cold = {
      threshold: 3,
      sites: [
        { name: "Asia", keys: 2 },
        { name: "Europe", keys: 2 },
        { name: "North America", keys: 1 },
      ],
    };
    const warm = {
      threshold: 2,
      sites: [
        { name: "Asia", keys: 2 },
        { name: "Europe", keys: 1 },
      ],
    };
    const map = renderToString(<Split section={split("key-map", { keys: [cold, warm] })} />);
    const rows = map.split("<tr>").slice(2);
    expect(rows.map((row) => row.match(/class="shard( shard--filled)?"/g)?.length)).toEqual([5, 3]);
    expect(rows.map((row) => row.match(/shard--filled/g)?.length)).toEqual([3, 2]);
    // Each continent lights a key before any lights a second.
    expect(
      rows[0]?.match(/<td>.*?<\/td>/g)?.map((cell) => cell.match(/shard--filled/g)?.length ?? 0),
    ).toEqual([1, 1, 1, 0]);
    expect(map).toContain("<figcaption>Caption</figcaption>");
    const limits = renderToString(
      <Split
        section={split("insurance-limits", { limits: { aggregate_usd: 50, sublimits_usd: [40, 10] } })}
      />,
    );
    expect(limits.match(/class="meter__fill" width="([\d.]+)"/g)).toEqual([
      'class="meter__fill" width="100"',
      'class="meter__fill" width="80"',
      'class="meter__fill" width="20"',
    ]);
    expect(renderToString(<Split section={split("insurance-limits", {})} />)).not.toContain("<figure");
  });

  it("puts each milestone's period before its title", () => {
    const section: SectionOf<"timeline"> = {
      kind: "timeline",
      id: "onboarding",
      heading: "Onboarding",
      item: [{ when: "Within 2 business days", title: "Set-up", body: "Configured." }],
    };
    expect(renderToString(<Timeline section={section} />)).toMatch(
      /<p class="timeline__when">Within 2 business days<\/p><h3 class="timeline__title">Set-up<\/h3>/,
    );
  });

  it("makes a long card grid a named scroller and folds a long list, not short ones; tiles end in the index", () => {
    const items = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        title: `T${index}`,
        body: "B",
        points: [],
        href: `/t${index}`,
      }));
    const features = (layout: "cards" | "list" | "tiles", count: number, exceptions: string[] = []) =>
      renderToString(
        <Features
          section={{
            kind: "features",
            id: "f",
            heading: "F",
            layout,
            columns: layout === "tiles" ? 4 : 2,
            words: [],
            exceptions,
            item: items(count),
            action:
              layout === "tiles" ? [{ label: "All services", href: "/services", style: "secondary" }] : [],
          }}
        />,
      );
    expect(features("cards", 4)).toContain(
      'class="tiles feature-grid feature-grid--2 scroller" tabindex="0"',
    );
    expect(features("cards", 3)).not.toContain("scroller");
    expect(features("list", 2)).not.toContain("exceptions");
    expect(features("list", 2, ["One rule.", "Another rule."])).toContain(
      '</h2><ul class="exceptions"><li>One rule.</li><li>Another rule.</li></ul></div>',
    );
    expect(features("list", 4).match(/<details class="fold">/g)).toHaveLength(4);
    expect(features("list", 3)).not.toContain("<details");
    const tiles = features("tiles", 7);
    expect(tiles.match(/<a class="link-tile"/g)).toHaveLength(7);
    expect(tiles).toMatch(
      /<a class="link-tile link-tile--more" href="\/services"><span class="link-tile__title">All services<\/span><\/a><\/li><\/ul>/,
    );
  });
});
