import type { KeysView } from "../../lib/generated/KeysView";
import type { IllustrationName } from "../../lib/sections";
import { AssetList, DefiPositions, Onboarding, Statement, TokenTreasury } from "./accounts";
import { Approval, AuditTrail, DefiApproval, Policy, Whitelist } from "./approvals";
import { GroupStructure, KeySites } from "./diagrams";
import { DepositBatch, PayoutBatch, Settlement, SettlementEmail, WithdrawalQueue } from "./payments";

/** Each illustration's drawing. */
const DRAWINGS: Record<
  Exclude<IllustrationName, "key-sites">,
  (props: { words: string[] }) => preact.JSX.Element
> = {
  approval: Approval,
  policy: Policy,
  "audit-trail": AuditTrail,
  onboarding: Onboarding,
  settlement: Settlement,
  "asset-list": AssetList,
  whitelist: Whitelist,
  "deposit-batch": DepositBatch,
  "settlement-email": SettlementEmail,
  "defi-approval": DefiApproval,
  statement: Statement,
  "defi-positions": DefiPositions,
  "withdrawal-queue": WithdrawalQueue,
  "payout-batch": PayoutBatch,
  "token-treasury": TokenTreasury,
  "group-structure": GroupStructure,
};

/** An illustration of the site, drawn in HTML: a mock product screen or a lattice diagram, its
 * words (the page's labels and the slots' own texts, ./slots.json) in the page's font and
 * language, named by `data-illustration` (the layout audit checks that each is shown once). */
export function Screen({
  name,
  words,
  keys,
}: {
  name: IllustrationName;
  words: string[];
  keys?: KeysView | undefined;
}) {
  const Drawing = name === "key-sites" ? null : DRAWINGS[name];
  return (
    <div class="illustration" data-illustration={name}>
      {Drawing ? <Drawing words={words} /> : <KeySites words={words} keys={keys} />}
    </div>
  );
}
