import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import { Icon } from "./Icon";

describe("Icon", () => {
  it("is decorative by default, at the size asked for", () => {
    const html = renderToString(<Icon name="menu" size={23} />);
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('width="23"');
    expect(html).toContain('height="23"');
    expect(html).not.toContain("role=");
  });

  it("is an image with a name when labelled", () => {
    const html = renderToString(<Icon name="external-link" label="external site" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="external site"');
    expect(html).toContain('width="16"');
    expect(html).not.toContain("aria-hidden");
  });
});
