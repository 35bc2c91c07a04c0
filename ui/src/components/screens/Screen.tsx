import type { KeysView } from "../../lib/generated/KeysView";
import type { LimitsView } from "../../lib/generated/LimitsView";
import type { IllustrationName } from "../../lib/sections";
import { AssetList, DefiPositions, Onboarding, Statement, TeamRoles, TokenTreasury } from "./accounts";
import {
  Approval,
  AuditTrail,
  DefiApproval,
  Policy,
  PolicyEditor,
  VulnerabilityReport,
  Whitelist,
} from "./approvals";
import { GroupStructure, KeySites } from "./diagrams";
import { InsuranceLimits, KeyMap } from "./figures";
import {
  DepositBatch,
  OtcQuote,
  PayoutBatch,
  Settlement,
  SettlementEmail,
  WithdrawalQueue,
} from "./payments";
import { DataReplicas, InsuranceLayers } from "./records";

/** The illustrations drawn from their words alone. */
type WordsOnly = Exclude<IllustrationName, "key-sites" | "key-map" | "insurance-limits">;

/** Each illustration's drawing. */
const DRAWINGS: Record<WordsOnly, (props: { words: string[] }) => preact.JSX.Element> = {
  approval: Approval,
  policy: Policy,
  "policy-editor": PolicyEditor,
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
  "team-roles": TeamRoles,
  "otc-quote": OtcQuote,
  "vulnerability-report": VulnerabilityReport,
  "group-structure": GroupStructure,
  "insurance-layers": InsuranceLayers,
  "data-replicas": DataReplicas,
};

/** The facts some drawings draw, from the page data of the hero or section that shows them: a
 * wallet's keys (`key-sites`), every wallet type's (`key-map`), the insurance's limits
 * (`insurance-limits`). Without them those drawings draw nothing. */
export interface DrawnFacts {
  keys?: KeysView | undefined;
  wallets?: KeysView[] | undefined;
  limits?: LimitsView | undefined;
}

/** An illustration of the site, drawn in HTML: a mock product screen, a lattice diagram or a
 * figure, its words (the page's labels and the slots' own texts, ./slots.json) in the page's font
 * and language, named by `data-illustration` (the layout audit checks that each is shown once). */
export function Screen({
  name,
  words,
  facts = {},
}: {
  name: IllustrationName;
  words: string[];
  facts?: DrawnFacts;
}) {
  return (
    <div class="illustration" data-illustration={name}>
      {drawing(name, words, facts)}
    </div>
  );
}

function drawing(name: IllustrationName, words: string[], { keys, wallets, limits }: DrawnFacts) {
  switch (name) {
    case "key-sites":
      return <KeySites words={words} keys={keys} />;
    case "key-map":
      return wallets?.length ? <KeyMap words={words} keys={wallets} /> : null;
    case "insurance-limits":
      return limits ? <InsuranceLimits words={words} limits={limits} /> : null;
    default: {
      const Drawing = DRAWINGS[name];
      return <Drawing words={words} />;
    }
  }
}
