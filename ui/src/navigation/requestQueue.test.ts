import { describe, expect, it } from "vitest";
import { createRequestQueue } from "./requestQueue";

/** A request the test finishes by hand, recording when it started. */
function controlled(log: string[], key: string) {
  let finish: (ok: boolean) => void = () => undefined;
  const start = () => {
    log.push(key);
    return new Promise<void>((resolve, reject) => {
      finish = (ok) => (ok ? resolve() : reject(new Error(`${key} failed`)));
    });
  };
  return { start, finish: (ok = true) => finish(ok) };
}

/** Lets settled promises run their callbacks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("request queue", () => {
  it("never runs more than the limit at once and starts the next as one finishes", async () => {
    const started: string[] = [];
    const queue = createRequestQueue(4);
    const requests = Array.from({ length: 7 }, (_, i) => controlled(started, `r${i}`));
    requests.forEach((request, i) => queue.add(`r${i}`, request.start));
    expect(started).toEqual(["r0", "r1", "r2", "r3"]);

    requests[1]?.finish();
    await settle();
    expect(started).toEqual(["r0", "r1", "r2", "r3", "r4"]);

    requests[0]?.finish(false);
    requests[2]?.finish();
    await settle();
    expect(started).toEqual(["r0", "r1", "r2", "r3", "r4", "r5", "r6"]);
  });

  it("starts requests in the order they were queued", async () => {
    const started: string[] = [];
    const queue = createRequestQueue(1);
    const requests = ["a", "b", "c"].map((key) => {
      const request = controlled(started, key);
      queue.add(key, request.start);
      return request;
    });
    for (const request of requests) {
      request.finish();
      await settle();
    }
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("queues each key once, even after its request finished or failed", async () => {
    const started: string[] = [];
    const queue = createRequestQueue(4);
    const first = controlled(started, "page");
    expect(queue.add("page", first.start)).toBe(true);
    expect(queue.add("page", controlled(started, "again").start)).toBe(false);
    first.finish(false);
    await settle();
    expect(queue.add("page", controlled(started, "later").start)).toBe(false);
    expect(queue.has("page")).toBe(true);
    expect(queue.has("other")).toBe(false);
    expect(started).toEqual(["page"]);
  });

  it("keeps going when a request throws before it starts", async () => {
    const started: string[] = [];
    const queue = createRequestQueue(1);
    queue.add("broken", () => {
      throw new Error("no request");
    });
    queue.add("next", controlled(started, "next").start);
    await settle();
    expect(started).toEqual(["next"]);
  });

  it("drops waiting requests on clear, letting running ones finish", async () => {
    const started: string[] = [];
    const queue = createRequestQueue(1);
    const running = controlled(started, "running");
    queue.add("running", running.start);
    queue.add("waiting", controlled(started, "waiting").start);
    queue.clear();
    running.finish();
    await settle();
    expect(started).toEqual(["running"]);
  });
});
