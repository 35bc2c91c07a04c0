import approval from "../assets/illustrations/approval.svg?url";
import defiApproval from "../assets/illustrations/defi-approval.svg?url";
import depositBatch from "../assets/illustrations/deposit-batch.svg?url";
import defiPositions from "../assets/illustrations/defi-positions.svg?url";
import globe from "../assets/illustrations/globe.svg?url";
import keyShards from "../assets/illustrations/key-shards.svg?url";
import network from "../assets/illustrations/network.svg?url";
import payoutBatch from "../assets/illustrations/payout-batch.svg?url";
import settlementEmail from "../assets/illustrations/settlement-email.svg?url";
import settlement from "../assets/illustrations/settlement.svg?url";
import shield from "../assets/illustrations/shield.svg?url";
import statement from "../assets/illustrations/statement.svg?url";
import tokenTreasury from "../assets/illustrations/token-treasury.svg?url";
import vault from "../assets/illustrations/vault.svg?url";
import whitelist from "../assets/illustrations/whitelist.svg?url";
import withdrawalQueue from "../assets/illustrations/withdrawal-queue.svg?url";
import type { IllustrationName, Word } from "../lib/sections";

const SOURCES: Record<IllustrationName, string> = {
  approval,
  "defi-approval": defiApproval,
  "defi-positions": defiPositions,
  "deposit-batch": depositBatch,
  globe,
  "key-shards": keyShards,
  network,
  "payout-batch": payoutBatch,
  "settlement-email": settlementEmail,
  settlement,
  shield,
  statement,
  "token-treasury": tokenTreasury,
  vault,
  whitelist,
  "withdrawal-queue": withdrawalQueue,
};

/** A decorative illustration drawn for the site, served as a hashed SVG with fixed proportions so
 * it never shifts the layout. Below the fold it loads `lazy`: only when the visitor scrolls near.
 * A product drawing's words (placed by the content model) are drawn by the page over it, in the
 * site's font and the page's language, so a Chinese page shows Chinese labels. */
export function Illustration({
  name,
  words,
  class: className,
  lazy = false,
}: {
  name: IllustrationName;
  words: Word[];
  class: string;
  lazy?: boolean;
}) {
  return (
    <div class={`art ${className}`}>
      <img
        class="illustration"
        src={SOURCES[name]}
        width={480}
        height={360}
        alt=""
        decoding="async"
        loading={lazy ? "lazy" : undefined}
      />
      {words.length > 0 && (
        <svg class="art__words" viewBox="0 0 480 360" aria-hidden="true">
          {words.map((word) => (
            <text key={`${word.x} ${word.y}`} x={word.x} y={word.y} class={word.class}>
              {word.text}
            </text>
          ))}
        </svg>
      )}
    </div>
  );
}
