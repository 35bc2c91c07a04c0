import { afterEach, describe, expect, it } from "vitest";
import { internalTarget } from "./links";

function clickOn(html: string, init: MouseEventInit = {}): URL | null {
  document.body.innerHTML = html;
  const target = document.querySelector("[data-click]") ?? document.body;
  let result: URL | null = null;
  document.addEventListener(
    "click",
    (event) => {
      result = internalTarget(event);
      event.preventDefault();
    },
    { once: true },
  );
  target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
  return result;
}

describe("internalTarget", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("takes plain same-origin page links, including clicks on their children", () => {
    expect(clickOn('<a href="/services" data-click>Services</a>')?.pathname).toBe("/services");
    expect(clickOn('<a href="/zh/faq?q=1#x"><span data-click>FAQ</span></a>')?.href).toBe(
      `${location.origin}/zh/faq?q=1#x`,
    );
  });

  it("leaves to the browser what it must handle itself", () => {
    expect(clickOn('<a href="https://elsewhere.example/" data-click>x</a>')).toBeNull();
    expect(clickOn('<a href="/_app/assets/kit.zip" data-click>x</a>')).toBeNull();
    expect(clickOn('<a href="/about" target="_blank" data-click>x</a>')).toBeNull();
    expect(clickOn('<a href="/about" download data-click>x</a>')).toBeNull();
    expect(clickOn('<a href="/about" data-click>x</a>', { ctrlKey: true })).toBeNull();
    expect(clickOn('<a href="/about" data-click>x</a>', { button: 1 })).toBeNull();
    expect(clickOn("<p data-click>not a link</p>")).toBeNull();
  });
});
