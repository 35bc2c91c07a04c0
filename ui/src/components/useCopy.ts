import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "preact/hooks";
import { unmarked } from "../lib/breakMarks";

/** How long the outcome of a copy stays on show. */
const CONFIRMATION_MS = 2000;

/** What the latest copy was of (`key`: a row's serial, say) and whether it reached the clipboard. */
export interface CopyOutcome {
  key: string | number;
  state: "copied" | "failed";
}

/** Copies text to the clipboard, without the build's line-break marks, and keeps the outcome of the latest copy for two seconds, with
 * the sentence that announces it; one outcome can serve many buttons, told apart by `key`. */
export function useCopy(): {
  outcome: CopyOutcome | null;
  copy: (text: string, key?: string | number) => void;
  status: string;
} {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = (text: string, key: string | number = "") => {
    navigator.clipboard.writeText(unmarked(text)).then(
      () => setOutcome({ key, state: "copied" }),
      () => setOutcome({ key, state: "failed" }),
    );
  };
  const status =
    outcome?.state === "copied"
      ? t`Copied`
      : outcome?.state === "failed"
        ? t`Copy failed; select the text instead`
        : "";
  return { outcome, copy, status };
}
