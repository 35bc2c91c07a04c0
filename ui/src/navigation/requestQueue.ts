/** Starts one request; the promise settles when the request is done (either way). */
export type StartRequest = () => Promise<unknown>;

/** Requests run first in, first out, a few at a time, each key at most once. */
export interface RequestQueue {
  /** Queues the request `start` under `key`; `false` (and nothing queued) when the key was seen before. */
  add(key: string, start: StartRequest): boolean;
  /** Whether a request was ever queued under `key`. */
  has(key: string): boolean;
  /** Forgets every request still waiting; running ones finish. */
  clear(): void;
}

/** A queue that never has more than `limit` requests running. */
export function createRequestQueue(limit: number): RequestQueue {
  const seen = new Set<string>();
  const waiting: StartRequest[] = [];
  let running = 0;

  const startNext = (): void => {
    while (running < limit) {
      const start = waiting.shift();
      if (!start) return;
      running += 1;
      new Promise((resolve) => resolve(start()))
        .catch(() => undefined)
        .finally(() => {
          running -= 1;
          startNext();
        });
    }
  };

  return {
    add(key, start) {
      if (seen.has(key)) return false;
      seen.add(key);
      waiting.push(start);
      startNext();
      return true;
    },
    has: (key) => seen.has(key),
    clear() {
      waiting.length = 0;
    },
  };
}
