/** How long the browser may stay busy before an idle callback runs anyway. */
const IDLE_TIMEOUT_MS = 1000;

/** Whether the visitor asked the browser to save data (the `Save-Data` client hint). */
export function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** Runs `task` when the browser is idle (soon, where it cannot tell). */
export function whenIdle(task: () => void): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(task, 1);
}
