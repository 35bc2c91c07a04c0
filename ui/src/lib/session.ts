import { main } from "./store";

/** Path of the current-user call on the identity service. */
export const CURRENT_USER_PATH = "/iam/v1/portal/users/current-user-info";

/** How long the current-user call may take before the visitor is treated as logged out. */
const TIMEOUT_MS = 10_000;

interface CurrentUserAnswer {
  code?: unknown;
  data?: unknown;
}

/** Asks the identity service who is logged in: code 0 with data → logged in; anything else →
 * logged out, with one console message. No call at all when no identity service is configured. */
export async function loadCurrentUser(iamBase: string | null, store = main): Promise<void> {
  if (!iamBase) return;
  try {
    const response = await fetch(`${iamBase}${CURRENT_USER_PATH}`, {
      credentials: "include",
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await response.json()) as CurrentUserAnswer;
    if (answer.code === 0 && answer.data && typeof answer.data === "object") {
      store.set({ islogged: true, userInfo: answer.data as Record<string, unknown> });
      return;
    }
    store.set({ islogged: false, userInfo: null });
    console.warn(`current user: not logged in (code ${String(answer.code)})`);
  } catch (error) {
    store.set({ islogged: false, userInfo: null });
    console.warn("current user: the identity service could not be reached", error);
  }
}
