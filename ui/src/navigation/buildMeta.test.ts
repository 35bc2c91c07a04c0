import { afterEach, describe, expect, it, vi } from "vitest";
import { type BuildMeta, loadBuildMeta, routeOf } from "./buildMeta";

const meta: BuildMeta = {
  id: "b1",
  timestamp: 1_790_000_000,
  entry: "/_app/entry-b1.js",
  routes: [
    { id: "home", path: "/", noindex: false },
    { id: "faq-entry", path: "/faq/{id}", noindex: false },
    { id: "faq-search", path: "/faq/search", noindex: true },
    { id: "about", path: "/about", noindex: false },
  ],
  pages: {},
  catalogs: {},
};

describe("routeOf", () => {
  it("matches static routes in both languages, before dynamic ones", () => {
    expect(routeOf(meta, "/")?.id).toBe("home");
    expect(routeOf(meta, "/zh")?.id).toBe("home");
    expect(routeOf(meta, "/zh/about")?.id).toBe("about");
    expect(routeOf(meta, "/faq/search")?.id).toBe("faq-search");
  });

  it("matches one id segment of a dynamic route, nothing else", () => {
    expect(routeOf(meta, "/zh/faq/security")?.id).toBe("faq-entry");
    expect(routeOf(meta, "/faq/")).toBeNull();
    expect(routeOf(meta, "/faq/a/b")).toBeNull();
    expect(routeOf(meta, "/unknown")).toBeNull();
  });
});

describe("loadBuildMeta", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("returns the manifest of the running build", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(meta))));
    vi.stubGlobal("fetch", fetchMock);
    expect(await loadBuildMeta("b1")).toEqual(meta);
    expect(fetchMock).toHaveBeenCalledWith("/_app/builds/meta/b1.json");
  });

  it("logs one console message and gives up on a missing or foreign manifest", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.stubGlobal("fetch", () => Promise.resolve(new Response("{}", { status: 404 })));
    expect(await loadBuildMeta("b1")).toBeNull();
    vi.stubGlobal("fetch", () => Promise.resolve(new Response(JSON.stringify({ ...meta, id: "b2" }))));
    expect(await loadBuildMeta("b1")).toBeNull();
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("offline")));
    expect(await loadBuildMeta("b1")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });
});
