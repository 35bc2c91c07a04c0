import { Trans, useLingui } from "@lingui/react/macro";
import { main, useMain } from "../lib/store";
import type { Entity } from "../lib/types";
import { EntityButtons } from "./EntityButtons";
import { useRuntime } from "./runtime";

/** The user's display name, when the identity service gives one. */
function displayName(userInfo: Record<string, unknown> | null): string | null {
  for (const key of ["displayName", "nickname", "name", "username", "email"]) {
    const value = userInfo?.[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

/** The Hong Kong / Singapore entity switch and the Login or Logout button of the header. */
export function SessionControls() {
  const { t } = useLingui();
  const runtime = useRuntime();
  const islogged = useMain((state) => state.islogged);
  const name = useMain((state) => displayName(state.userInfo));
  const entities: { id: Entity; label: string }[] = [
    { id: "hk", label: t`Hong Kong` },
    { id: "sg", label: t`Singapore` },
  ];
  const go = (kind: "login" | "logout") => {
    const target = runtime?.[kind][main.get().entity];
    if (target) location.assign(target);
  };
  return (
    <div class="session">
      <EntityButtons class="entity-switch" label={t`Entity`} options={entities} showLabel />
      {islogged ? (
        <>
          {name && (
            <span class="session__user">
              <Trans>Signed in as {name}</Trans>
            </span>
          )}
          <button type="button" class="session__action" data-session="logout" onClick={() => go("logout")}>
            <Trans>Log out</Trans>
          </button>
        </>
      ) : (
        <button type="button" class="session__action" data-session="login" onClick={() => go("login")}>
          <Trans>Log in</Trans>
        </button>
      )}
    </div>
  );
}
