import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadCurrentUser } from "./session";
import { createStore, initialState, localeOfPath, restoreEntity, setEntity, setLocale } from "./store";

describe("store main", () => {
  beforeEach(() => localStorage.clear());

  it("starts in English, logged out, with the Singapore entity", () => {
    const store = createStore(initialState);
    expect(store.name).toBe("main");
    expect(store.get()).toMatchObject({
      locales: ["en", "zh", "ru"],
      locale: "en",
      islogged: false,
      entity: "sg",
    });
  });

  it("accepts only listed locales and saves them under both keys", () => {
    const store = createStore(initialState);
    expect(setLocale("zh", store)).toBe(true);
    expect(store.get().locale).toBe("zh");
    expect(localStorage.getItem("mainLang")).toBe("zh");
    expect(localStorage.getItem("lang")).toBe("zh");
    expect(setLocale("fr", store)).toBe(false);
    expect(store.get().locale).toBe("zh");
    expect(localStorage.getItem("lang")).toBe("zh");
  });

  it("takes the language from the first path segment", () => {
    expect(localeOfPath("/zh")).toBe("zh");
    expect(localeOfPath("/zh/about")).toBe("zh");
    expect(localeOfPath("/zhx")).toBe("en");
    expect(localeOfPath("/ru/about")).toBe("en");
  });

  it("remembers the entity", () => {
    setEntity("hk", createStore(initialState));
    const next = createStore(initialState);
    restoreEntity(next);
    expect(next.get().entity).toBe("hk");
  });
});

describe("current user", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const answer = (body: unknown, status = 200) =>
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(body), { status }));

  it("is logged in on code 0 with data", async () => {
    const store = createStore(initialState);
    const fetch = answer({ code: 0, data: { name: "Ada" } });
    await loadCurrentUser("https://iam.example", store);
    expect(fetch).toHaveBeenCalledWith(
      "https://iam.example/iam/v1/portal/users/current-user-info",
      expect.objectContaining({ credentials: "include" }),
    );
    expect(store.get()).toMatchObject({ islogged: true, userInfo: { name: "Ada" } });
  });

  it("is logged out on another code, missing data or a failure, with one console message", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const body of [{ code: 1, data: { name: "x" } }, { code: 0 }, "not json"]) {
      const store = createStore({ ...initialState, islogged: true });
      answer(body);
      await loadCurrentUser("https://iam.example", store);
      expect(store.get().islogged).toBe(false);
    }
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("network down"));
    const store = createStore(initialState);
    await loadCurrentUser("https://iam.example", store);
    expect(store.get().islogged).toBe(false);
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it("makes no call without an identity service", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    await loadCurrentUser("", createStore(initialState));
    expect(fetch).not.toHaveBeenCalled();
  });
});
