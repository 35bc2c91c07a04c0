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

/** The part of the Prioritized Task Scheduling API used here (not yet in TypeScript's DOM types). */
interface TaskScheduler {
  postTask(task: () => void, options: { priority: "background" }): Promise<void>;
}

/** Runs `task` in a task of its own at background priority, after the tasks the browser has
 * queued meanwhile (input, and whatever the frame just painted leads to); a task of its own where
 * the browser has no scheduler. For work that follows an answer the visitor already sees. */
export function afterPendingTasks(task: () => void): void {
  const scheduler = (window as Window & { scheduler?: TaskScheduler }).scheduler;
  if (scheduler) void scheduler.postTask(task, { priority: "background" });
  else setTimeout(task, 0);
}
