import { renderToString } from "preact-render-to-string";
import { describe, expect, it, vi } from "vitest";
import type { SectionOf } from "../../lib/sections";
import { Diagram } from "./Diagram";
import { Evidence } from "./Evidence";
import { Features } from "./Features";
import { Split } from "./Split";
import { Timeline } from "./Timeline";

// The icons come from a sprite the build makes from content; the items here have none.
vi.mock("../FeatureIcon", () => ({ FeatureIcon: () => null }));

const stage = (title: string) => ({ title, body: `${title} body` });

describe("page grammar sections", () => {
  it("draws as many key shards as the data holds, the threshold lit, with its label in the SVG", () => {
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
    expect(html.match(/<li class="diagram__stage"/g)).toHaveLength(4);
    const shards = html.match(/<path class="diagram__(lit|line)" d="M\d+(\.\d+)? 14/g) ?? [];
    expect(shards).toHaveLength(5);
    expect(shards.filter((shard) => shard.includes("diagram__lit"))).toHaveLength(3);
    expect(html).toMatch(/<text class="diagram__label"[^>]*>3-of-5 signing<\/text>/);
  });

  it("shows each client type's count and what it counts, and no quote", () => {
    const section: SectionOf<"evidence"> = {
      kind: "evidence",
      id: "clients",
      heading: "Institutions",
      client: [{ id: "exchanges", monogram: "EX", label: "exchanges", count: 84 }],
    };
    const html = renderToString(<Evidence section={section} />);
    expect(html).toContain('<span class="monogram__mark" aria-hidden="true">EX</span>');
    expect(html).toContain('<span class="monogram__count">84</span>');
    expect(html).toContain('<span class="monogram__label">exchanges</span>');
    expect(html).not.toContain("<blockquote");
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

  it("makes a long card grid a named scroller and folds a long list, not short ones", () => {
    const items = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ title: `T${index}`, body: "B", points: [] }));
    const features = (layout: "cards" | "list", count: number) =>
      renderToString(
        <Features
          section={{
            kind: "features",
            id: "f",
            heading: "F",
            layout,
            columns: 2,
            item: items(count),
            action: [],
          }}
        />,
      );
    expect(features("cards", 4)).toContain(
      'class="tiles feature-grid feature-grid--2 scroller" tabindex="0"',
    );
    expect(features("cards", 3)).not.toContain("scroller");
    expect(features("list", 4).match(/<details class="fold">/g)).toHaveLength(4);
    expect(features("list", 3)).not.toContain("<details");
  });
});
