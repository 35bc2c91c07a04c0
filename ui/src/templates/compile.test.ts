import { describe, expect, it } from "vitest";
import { around, compile, differ, element, replaceAll, token, withChoices } from "./compile";

describe("templates cut from renders", () => {
  it("finds the one place renders differ, whatever their lengths", () => {
    const base = '<select><option selected value="a">A</option><option value="b">B</option></select>';
    const other = '<select><option value="a">A</option><option selected value="b">B</option></select>';
    const found = differ(base, { a: base, b: other });
    expect(base.slice(0, found.start) + found.alternatives.b + base.slice(found.end)).toBe(other);
    expect(base.slice(0, found.start) + found.alternatives.a + base.slice(found.end)).toBe(base);
    const shorter = differ("<p>one two</p>", { long: "<p>one two</p>", short: "<p>one</p>" });
    expect(shorter.alternatives).toEqual({ long: " two", short: "" });
    expect(() => differ("same", { same: "same" })).toThrow(/are the same/);
  });

  it("makes tokens holes and named tokens choices, each option compiled alike", () => {
    const html = `<p>${token("name")}${token("pick")}</p>`;
    expect(compile(html, { pick: { one: `1 ${token("n")}`, none: "" } })).toEqual([
      "<p>",
      { hole: "name" },
      { choice: "pick", of: { one: ["1 ", { hole: "n" }], none: [] } },
      "</p>",
    ]);
    expect(() => compile(`<p>${token("x")}</p>`, { x: { a: token("x") } })).toThrow(/holds itself/);
    expect(() => compile("<p>\uE000cut</p>")).toThrow(/cut in half/);
  });

  it("places choices in the base render and refuses overlapping ones", () => {
    const base = "<a>1</a><b>2</b>";
    const html = withChoices(base, [
      { name: "first", start: 3, end: 4, options: {} },
      { name: "second", start: 11, end: 12, options: {} },
    ]);
    expect(html).toBe(`<a>${token("first")}</a><b>${token("second")}</b>`);
    expect(() =>
      withChoices(base, [
        { name: "a", start: 0, end: 5, options: {} },
        { name: "b", start: 3, end: 8, options: {} },
      ]),
    ).toThrow(/overlaps/);
  });

  it("finds elements by their start tag or by what they hold", () => {
    const html = "<ul><li>a</li><li>b x</li><li>c</li></ul>";
    expect(html.slice(...around(html, "x", "<li", "</li>"))).toBe("<li>b x</li>");
    expect(() => around(`${html}x`, "x", "<li", "</li>")).toThrow(/outside/);
    expect(html.slice(...element(html, "<ul>", "</ul>"))).toBe(html);
    expect(() => element(`${html}${html}`, "<ul>", "</ul>")).toThrow(/expected one/);
    expect(replaceAll("a-b-c", "-", "+", 2)).toBe("a+b+c");
    expect(() => replaceAll("a-b-c", "-", "+", 1)).toThrow(/expected 1/);
  });
});
