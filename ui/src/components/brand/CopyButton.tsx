import { useLingui } from "@lingui/react/macro";
import { useCopy } from "../useCopy";
import "../../styles/copy-button.css";

/** A worded button that copies `text` to the clipboard and says so beside it; the confirmation is
 * announced politely. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useLingui();
  const { outcome, copy, status } = useCopy();

  return (
    <span class="copy-button">
      <button
        type="button"
        class="copy-button__control"
        onClick={() => copy(text)}
        aria-label={label}
        data-state={outcome?.state ?? "idle"}
      >
        {t`Copy`}
      </button>
      <span class="copy-button__status" role="status">
        {status}
      </span>
    </span>
  );
}
