import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isNewBuild, watchForNewBuild } from "./buildCheck";

describe("isNewBuild", () => {
  it("is true only for a well-formed answer naming another build", () => {
    expect(isNewBuild("aaaa", { id: "bbbb", timestamp: 1 })).toBe(true);
    expect(isNewBuild("aaaa", { id: "aaaa", timestamp: 1 })).toBe(false);
    expect(isNewBuild("aaaa", { id: "" })).toBe(false);
    expect(isNewBuild("aaaa", { id: 42 })).toBe(false);
    expect(isNewBuild("aaaa", {})).toBe(false);
    expect(isNewBuild("aaaa", null)).toBe(false);
    expect(isNewBuild("aaaa", "bbbb")).toBe(false);
  });
});

describe("watchForNewBuild", () => {
  let latest: unknown;
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(latest))));

  beforeEach(() => {
    vi.useFakeTimers();
    latest = { id: "running", timestamp: 1 };
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("polls latest.json with a timestamp at the interval and reports a new build once", async () => {
    const onNewBuild = vi.fn();
    const stop = watchForNewBuild("running", 120, onNewBuild);
    expect(fetchMock).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([
      expect.stringMatching(/^\/_app\/builds\/latest\.json\?t=\d+$/),
      { cache: "no-store" },
    ]);
    expect(onNewBuild).not.toHaveBeenCalled();

    latest = { id: "deployed", timestamp: 2 };
    await vi.advanceTimersByTimeAsync(120_000);
    expect(onNewBuild).toHaveBeenCalledExactlyOnceWith("deployed");

    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it("checks when the tab becomes visible again", async () => {
    const onNewBuild = vi.fn();
    latest = { id: "deployed", timestamp: 2 };
    const stop = watchForNewBuild("running", 3600, onNewBuild);
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(onNewBuild).toHaveBeenCalledExactlyOnceWith("deployed");
    stop();
  });

  it("ignores failed checks and never polls more often than once a minute", async () => {
    const onNewBuild = vi.fn();
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError("offline")));
    const stop = watchForNewBuild("running", 1, onNewBuild);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
