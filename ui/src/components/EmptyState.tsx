import { useLingui } from "@lingui/react/macro";
import { Icon } from "./Icon";
import { SEARCH } from "./pageIcons";
import { uiMessages } from "./messages";
import "../styles/empty-state.css";

/** What a list or table shows when it has nothing to show: 'No data', or 'No matching data' when
 * a filter or search left nothing. Announced politely to screen readers. */
export function EmptyState({ filtered = false }: { filtered?: boolean }) {
  const { i18n } = useLingui();
  return (
    <div class="empty-state" role="status">
      {filtered ? <Icon path={SEARCH} size={32} /> : <Icon name="info" size={32} />}
      <p class="empty-state__text">{i18n._(filtered ? uiMessages.noMatchingData : uiMessages.noData)}</p>
    </div>
  );
}
