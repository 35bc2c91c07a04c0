import { useLingui } from "@lingui/react/macro";
import type { AccountType, AssetItem } from "./supportedAssets";
import { Icon } from "../Icon";
import { COPY } from "../pageIcons";
import { useCopy } from "../useCopy";

/** A contract address shortened for the table: its start and end, joined by an ellipsis (the server
 * shortens it alike for the rows it serves: crates/site/src/render/queried/assets.rs). */
export function shortContract(contract: string, keep = 6): string {
  return contract.length <= keep * 2 + 3
    ? contract
    : `${contract.slice(0, keep)}…${contract.slice(-keep + 2)}`;
}

/** The account types in column order, each with its name. */
export type AccountColumns = [AccountType, string][];

/** The rows of one page; on narrow screens each row becomes a compact card: the token and its
 * serial, the network, the four account types side by side and the contract. Each account type
 * shows a chip (a filled tick for yes, a grey dash for no) whose word is read to screen readers.
 * Every cell is plain markup made here, with no component of its own, and one status line
 * announces the copies of the whole table: a page of rows hydrates in one short task. The table
 * and its row groups name their roles, so that the cards stay a table to assistive technology;
 * rows and cells take theirs from their elements (a role on them inside a table is invalid
 * HTML). */
export function AssetTable({
  items,
  accounts,
  caption,
}: {
  items: AssetItem[];
  accounts: AccountColumns;
  caption: string;
}) {
  const { t } = useLingui();
  const { outcome, copy, status } = useCopy();
  const columns = {
    serial: t`No.`,
    token: t`Token`,
    network: t`Network`,
    contract: t`Contract address`,
  };
  const yes = t`Yes`;
  const no = t`No`;
  const nativeCoin = t`Native coin`;

  /** A contract address shortened, with the whole address on hover or focus and a copy button
   * whose icon turns to a tick once the address is copied. */
  const contract = (item: AssetItem, address: string) => {
    const state = outcome?.key === item.serial ? outcome.state : "idle";
    const { token, networkName } = item;
    return (
      <span class="asset-contract">
        <code class="asset-contract__short" aria-hidden="true">
          {shortContract(address)}
        </code>
        <code class="asset-contract__full">{address}</code>
        <button
          type="button"
          class="copy-button__control asset-contract__copy"
          onClick={() => copy(address, item.serial)}
          aria-label={t`Copy the contract address of ${token} on ${networkName}`}
          data-state={state}
        >
          {state === "copied" ? <Icon name="check" /> : <Icon path={COPY} />}
        </button>
      </span>
    );
  };

  return (
    <div class="asset-table-frame">
      <table class="asset-table" role="table">
        <caption class="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr>
            <th scope="col">{columns.serial}</th>
            <th scope="col">{columns.token}</th>
            <th scope="col">{columns.network}</th>
            {accounts.map(([name, label]) => (
              <th scope="col" key={name}>
                {label}
              </th>
            ))}
            <th scope="col">{columns.contract}</th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {items.map((item) => (
            <tr key={item.serial} data-serial={item.serial}>
              <td class="asset-table__serial" data-label={columns.serial}>
                {item.serial}
              </td>
              <td class="asset-table__token" data-label={columns.token}>
                <span>
                  <strong>{item.token}</strong>
                  <span class="asset-table__name">{item.tokenName}</span>
                </span>
              </td>
              <td class="asset-table__network" data-label={columns.network}>
                {item.networkName}
              </td>
              {accounts.map(([name, label]) => (
                <td class="asset-table__flag" data-label={label} data-account={name} key={name}>
                  <span class={item[name] ? "yes-no yes-no--yes" : "yes-no yes-no--no"}>
                    <span class="visually-hidden">{item[name] ? yes : no}</span>
                  </span>
                </td>
              ))}
              <td class="asset-table__contract" data-label={columns.contract}>
                {item.contract ? (
                  contract(item, item.contract)
                ) : (
                  <span class="asset-native">{nativeCoin}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
