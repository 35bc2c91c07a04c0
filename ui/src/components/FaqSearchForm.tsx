import { useLingui } from "@lingui/react/macro";
import { navigate } from "../app/navigate";
import { localize } from "../lib/paths";
import type { Lang } from "../lib/types";
import { SearchForm } from "./SearchForm";

/** The FAQ's search box, empty: it leads to the FAQ search results for what the visitor typed. */
export function FaqSearchForm({ lang }: { lang: Lang }) {
  const { t } = useLingui();
  const searchPath = localize("/faq/search", lang);
  return (
    <SearchForm
      action={searchPath}
      label={t`Search the FAQ`}
      value=""
      onSearch={(q) => navigate(q ? `${searchPath}?${new URLSearchParams({ q })}` : searchPath)}
    />
  );
}
