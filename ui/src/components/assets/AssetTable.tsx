import { useLingui } from "@lingui/react/macro";
import { ACCOUNT_TYPES, type AssetItem, shortContract } from "./supportedAssets";
import { CopyButton } from "../brand/CopyButton";
import { Icon } from "../Icon";
import { useAccountLabels } from "./accountLabels";

/** Yes or No as text, with an icon that repeats it for the eye. */
function YesNo({ value }: { value: boolean }) {
  const { t } = useLingui();
  return (
    <span class={value ? "yes-no yes-no--yes" : "yes-no yes-no--no"}>
      <Icon name={value ? "check" : "close"} />
      {value ? t`Yes` : t`No`}
    </span>
  );
}

/** A contract address shortened, with the whole address on hover or focus and a copy button. */
function Contract({ item }: { item: AssetItem }) {
  const { t } = useLingui();
  if (!item.contract) return <span class="asset-native">{t`Native coin`}</span>;
  const { token, networkName } = item;
  return (
    <span class="asset-contract">
      <code class="asset-contract__short" aria-hidden="true">
        {shortContract(item.contract)}
      </code>
      <code class="asset-contract__full">{item.contract}</code>
      <CopyButton
        compact
        text={item.contract}
        label={t`Copy the contract address of ${token} on ${networkName}`}
      />
    </span>
  );
}

/** The rows of one page; on narrow screens each row becomes a card with labelled values. */
export function AssetTable({ items, busy, caption }: { items: AssetItem[]; busy: boolean; caption: string }) {
  const { t } = useLingui();
  const accountLabels = useAccountLabels();
  const columns = {
    serial: t`No.`,
    token: t`Token`,
    network: t`Network`,
    contract: t`Contract address`,
  };
  return (
    <div class="asset-table-frame" aria-busy={busy}>
      <table class="asset-table" role="table">
        <caption class="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {columns.serial}
            </th>
            <th scope="col" role="columnheader">
              {columns.token}
            </th>
            <th scope="col" role="columnheader">
              {columns.network}
            </th>
            {ACCOUNT_TYPES.map((name) => (
              <th scope="col" role="columnheader" key={name}>
                {accountLabels[name]}
              </th>
            ))}
            <th scope="col" role="columnheader">
              {columns.contract}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {items.map((item) => (
            <tr role="row" key={item.serial} data-serial={item.serial}>
              <td role="cell" class="asset-table__serial" data-label={columns.serial}>
                {item.serial}
              </td>
              <td role="cell" class="asset-table__token" data-label={columns.token}>
                <span>
                  <strong>{item.token}</strong>
                  <span class="asset-table__name">{item.tokenName}</span>
                </span>
              </td>
              <td role="cell" class="asset-table__network" data-label={columns.network}>
                {item.networkName}
              </td>
              {ACCOUNT_TYPES.map((name) => (
                <td
                  role="cell"
                  class="asset-table__flag"
                  data-label={accountLabels[name]}
                  data-account={name}
                  key={name}
                >
                  <YesNo value={item[name]} />
                </td>
              ))}
              <td role="cell" class="asset-table__contract" data-label={columns.contract}>
                <Contract item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
