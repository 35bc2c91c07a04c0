// Scheduling for what follows the form's answer to a submit (part of the form's behaviour,
// loaded once: ./onceTouched.ts).

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
