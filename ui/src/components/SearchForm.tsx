import "../styles/search.css";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "preact/hooks";
import { MAX_QUERY_LENGTH } from "./search";

/** A labelled keyword search box. Without JavaScript it submits to `action` as `?q=`. */
export function SearchForm({
  action,
  label,
  value,
  onSearch,
}: {
  action: string;
  label: string;
  value: string;
  onSearch: (query: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      class="search-form"
      role="search"
      action={action}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label for={id}>{label}</label>
      <div class="search-form__row">
        <input
          id={id}
          type="search"
          name="q"
          value={text}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          enterkeyhint="search"
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <button type="submit" class="button">
          {t`Search`}
        </button>
      </div>
    </form>
  );
}
