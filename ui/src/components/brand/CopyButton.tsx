import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "preact/hooks";

/** How long the button says "Copied" after a copy. */
const CONFIRMATION_MS = 2000;

/** Copies `text` to the clipboard and says so; the confirmation is announced politely. */
export function CopyButton({ text, label }: { text: string; label: string }) {
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
    <span class="copy-button">
      <button type="button" class="copy-button__control" onClick={copy} aria-label={label}>
        {t`Copy`}
      </button>
      <span class="copy-button__status" role="status">
        {state === "copied" ? t`Copied` : state === "failed" ? t`Copy failed; select the text instead` : ""}
      </span>
    </span>
  );
}
