import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "preact/hooks";
import {
  ACCOUNT_TYPES,
  type AccountType,
  type AssetFilters,
  type Flag,
  NO_FILTERS,
  TEXT_FILTERS,
  type TextFilter,
} from "./supportedAssets";
import { useAccountLabels } from "./accountLabels";
import type { Entity } from "../../lib/types";

/** The three keyword filters and the four account-type filters. Enter or the search button
 * applies the keywords; an account-type choice applies at once; clear all resets every filter.
 * Without scripts the form is sent to `action` with the list's `entity`, and the server answers
 * with the rows. */
export function AssetFilterForm({
  action,
  entity,
  filters,
  maxLength,
  onApply,
}: {
  action: string;
  entity: Entity;
  filters: AssetFilters;
  maxLength: number;
  onApply: (filters: AssetFilters) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const accountLabels = useAccountLabels();
  const [draft, setDraft] = useState(filters);
  // The draft follows the applied filters when they change (back, forward, a shared link), not
  // each time the page draws again: a redraw while typing (a module's messages arriving, say)
  // keeps what is typed.
  const applied = new URLSearchParams(filters).toString();
  useEffect(() => setDraft(filters), [applied]);

  const text: Record<TextFilter, { label: string; placeholder: string }> = {
    network: { label: t`Network`, placeholder: t`e.g. Ethereum or ETH` },
    token: { label: t`Token`, placeholder: t`e.g. Tether or USDT` },
    contract: { label: t`Contract address`, placeholder: t`Full or partial address` },
  };
  const flags: Record<Flag, string> = { all: t`All`, yes: t`Yes`, no: t`No` };
  const trimmed = (values: AssetFilters): AssetFilters => ({
    ...values,
    network: values.network.trim(),
    token: values.token.trim(),
    contract: values.contract.trim(),
  });
  const setFlag = (name: AccountType, value: Flag) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    onApply(trimmed(next));
  };

  return (
    <form
      class="asset-filters"
      role="search"
      aria-label={t`Filter supported assets`}
      action={action}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(trimmed(draft));
      }}
    >
      <input type="hidden" name="entity" value={entity} />
      <div class="asset-filters__keywords">
        {TEXT_FILTERS.map((name) => (
          <div class="asset-field" key={name}>
            <label for={`${id}-${name}`}>{text[name].label}</label>
            <input
              id={`${id}-${name}`}
              type="search"
              name={name}
              value={draft[name]}
              placeholder={text[name].placeholder}
              maxLength={maxLength}
              autoComplete="off"
              spellcheck={false}
              enterkeyhint="search"
              onInput={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
            />
          </div>
        ))}
      </div>
      <div class="asset-filters__accounts">
        {ACCOUNT_TYPES.map((name) => (
          <div class="asset-field" key={name}>
            <label for={`${id}-${name}`}>{accountLabels[name]}</label>
            <select
              id={`${id}-${name}`}
              class="select-control"
              name={name}
              value={draft[name]}
              onChange={(event) => setFlag(name, event.currentTarget.value as Flag)}
            >
              {(Object.keys(flags) as Flag[]).map((value) => (
                <option key={value} value={value}>
                  {flags[value]}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div class="asset-filters__actions">
          <button type="submit" class="button">
            {t`Search`}
          </button>
          <button
            type="button"
            class="button button--tertiary"
            onClick={() => {
              setDraft(NO_FILTERS);
              onApply(NO_FILTERS);
            }}
          >
            {t`Clear all`}
          </button>
        </div>
      </div>
    </form>
  );
}
