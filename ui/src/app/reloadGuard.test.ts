import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { guardedReload, RELOAD_GUARD_MS, reloadAllowed } from "./reloadGuard";

const page = (path: string) => new URL(path, "https://www.custody.example");

describe("reload guard", () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T09:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("reloads a path once, then not again for 10 s", () => {
    const load = vi.fn();
    expect(guardedReload(page("/services?x=1"), load)).toBe(true);
    expect(load).toHaveBeenCalledWith("https://www.custody.example/services?x=1");

    vi.advanceTimersByTime(RELOAD_GUARD_MS - 1);
    expect(guardedReload(page("/services"), load)).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    expect(guardedReload(page("/services"), load)).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("guards each path on its own", () => {
    const load = vi.fn();
    expect(guardedReload(page("/about"), load)).toBe(true);
    expect(guardedReload(page("/zh/about"), load)).toBe(true);
    expect(guardedReload(page("/about"), load)).toBe(false);
    expect(reloadAllowed("/faq")).toBe(true);
    expect(reloadAllowed("/about")).toBe(false);
  });

  it("keeps its marker in sessionStorage, where the reloaded document finds it", () => {
    guardedReload(page("/faq"), vi.fn());
    expect(sessionStorage.length).toBe(1);
    expect(reloadAllowed("/faq")).toBe(false);
    sessionStorage.clear();
    expect(reloadAllowed("/faq")).toBe(true);
  });

  it("never reloads when no marker can be kept", () => {
    const load = vi.fn();
    const broken = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    } as unknown as Storage;
    expect(guardedReload(page("/about"), load, broken)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });
});
