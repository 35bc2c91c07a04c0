/** The shortest polling interval the client accepts, whatever the configuration says. */
const MIN_INTERVAL_SECS = 60;

/** Whether the answer of `/_app/builds/latest.json` names a build other than `runningId`. */
export function isNewBuild(runningId: string, answer: unknown): boolean {
  if (typeof answer !== "object" || answer === null) return false;
  const { id } = answer as { id?: unknown };
  return typeof id === "string" && id !== "" && id !== runningId;
}

/** Asks the server which build it runs; `null` when it cannot tell. */
async function latestBuild(): Promise<unknown> {
  try {
    const response = await fetch(`/_app/builds/latest.json?t=${Date.now()}`, { cache: "no-store" });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** Polls for a newer build every `intervalSecs` and whenever the tab becomes visible again;
 * calls `onNewBuild(id)` once when one appears. Returns a function that stops watching. */
export function watchForNewBuild(
  runningId: string,
  intervalSecs: number,
  onNewBuild: (id: string) => void,
): () => void {
  let found = false;
  const check = async () => {
    const answer = await latestBuild();
    if (found || !isNewBuild(runningId, answer)) return;
    found = true;
    stop();
    onNewBuild((answer as { id: string }).id);
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") void check();
  };
  const seconds = Math.max(MIN_INTERVAL_SECS, Number(intervalSecs) || 0);
  const timer = setInterval(() => void check(), seconds * 1000);
  document.addEventListener("visibilitychange", onVisible);
  const stop = () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
  return stop;
}
