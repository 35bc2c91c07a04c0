import { afterEach, describe, expect, it } from "vitest";
import { cycleIndex, focusableIn, menuKeyIndex, trapTab } from "./focus";

describe("cycleIndex", () => {
  it("steps forward and back, wrapping at both ends", () => {
    expect(cycleIndex(0, 3, 1)).toBe(1);
    expect(cycleIndex(2, 3, 1)).toBe(0);
    expect(cycleIndex(0, 3, -1)).toBe(2);
    expect(cycleIndex(1, 3, -1)).toBe(0);
  });

  it("enters from outside at the first or the last item", () => {
    expect(cycleIndex(-1, 4, 1)).toBe(0);
    expect(cycleIndex(-1, 4, -1)).toBe(3);
  });

  it("has nowhere to go in an empty list", () => {
    expect(cycleIndex(-1, 0, 1)).toBe(-1);
    expect(cycleIndex(0, 0, -1)).toBe(-1);
  });
});

describe("menuKeyIndex", () => {
  it("maps the arrow keys, Home and End to the item to focus", () => {
    expect(menuKeyIndex("ArrowDown", 0, 3)).toBe(1);
    expect(menuKeyIndex("ArrowDown", 2, 3)).toBe(0);
    expect(menuKeyIndex("ArrowUp", 0, 3)).toBe(2);
    expect(menuKeyIndex("Home", 2, 3)).toBe(0);
    expect(menuKeyIndex("End", 0, 3)).toBe(2);
  });

  it("ignores other keys and empty menus", () => {
    expect(menuKeyIndex("Enter", 0, 3)).toBeNull();
    expect(menuKeyIndex("a", 0, 3)).toBeNull();
    expect(menuKeyIndex("ArrowDown", -1, 0)).toBeNull();
  });
});

describe("focus trap", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  function dialog(): HTMLElement {
    document.body.innerHTML = `
      <button id="outside">outside</button>
      <div id="dialog">
        <button id="first">first</button>
        <a id="no-href">not focusable</a>
        <button disabled>disabled</button>
        <ul hidden><li><a href="/hidden">hidden</a></li></ul>
        <a id="middle" href="/middle">middle</a>
        <input id="last" />
      </div>`;
    return document.getElementById("dialog") as HTMLElement;
  }

  function tab(root: HTMLElement, shiftKey = false): string | undefined {
    const event = new KeyboardEvent("keydown", { key: "Tab", shiftKey, cancelable: true });
    trapTab(event, root);
    expect(event.defaultPrevented).toBe(true);
    return document.activeElement?.id;
  }

  it("lists only what can take focus, in document order", () => {
    expect(focusableIn(dialog()).map((element) => element.id)).toEqual(["first", "middle", "last"]);
  });

  it("cycles Tab and Shift+Tab inside the root", () => {
    const root = dialog();
    document.getElementById("last")?.focus();
    expect(tab(root)).toBe("first");
    expect(tab(root)).toBe("middle");
    expect(tab(root, true)).toBe("first");
    expect(tab(root, true)).toBe("last");
  });

  it("pulls focus that is outside back in", () => {
    const root = dialog();
    document.getElementById("outside")?.focus();
    expect(tab(root)).toBe("first");
    document.getElementById("outside")?.focus();
    expect(tab(root, true)).toBe("last");
  });

  it("leaves other keys alone", () => {
    const root = dialog();
    const event = new KeyboardEvent("keydown", { key: "Enter", cancelable: true });
    trapTab(event, root);
    expect(event.defaultPrevented).toBe(false);
  });
});
