import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "preact/hooks";
import { Icon } from "../Icon";
import "../../styles/copy-button.css";

/** How long the button says "Copied" after a copy. */
const CONFIRMATION_MS = 2000;

/** Copies `text` to the clipboard and says so; the confirmation is announced politely. A
 * `compact` button shows an icon instead of the word and keeps its confirmation for screen
 * readers, with a tick in place of the icon. */
export function CopyButton({
  text,
  label,
  compact = false,
}: {
  text: string;
  label: string;
  compact?: boolean;
}) {
  const { t } = useLingui();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState("copied"),
      () => setState("failed"),
    );
  };

  return (
    <span class={compact ? "copy-button copy-button--compact" : "copy-button"}>
      <button type="button" class="copy-button__control" onClick={copy} aria-label={label} data-state={state}>
        {compact ? <Icon name={state === "copied" ? "check" : "copy"} /> : t`Copy`}
      </button>
      <span class={compact ? "copy-button__status visually-hidden" : "copy-button__status"} role="status">
        {state === "copied" ? t`Copied` : state === "failed" ? t`Copy failed; select the text instead` : ""}
      </span>
    </span>
  );
}
