import approval from "../assets/illustrations/approval.svg?url";
import defiApproval from "../assets/illustrations/defi-approval.svg?url";
import depositBatch from "../assets/illustrations/deposit-batch.svg?url";
import globe from "../assets/illustrations/globe.svg?url";
import network from "../assets/illustrations/network.svg?url";
import settlementEmail from "../assets/illustrations/settlement-email.svg?url";
import settlement from "../assets/illustrations/settlement.svg?url";
import shield from "../assets/illustrations/shield.svg?url";
import statement from "../assets/illustrations/statement.svg?url";
import vault from "../assets/illustrations/vault.svg?url";
import whitelist from "../assets/illustrations/whitelist.svg?url";
import type { IllustrationName } from "../lib/sections";

const SOURCES: Record<IllustrationName, string> = {
  approval,
  "defi-approval": defiApproval,
  "deposit-batch": depositBatch,
  globe,
  network,
  "settlement-email": settlementEmail,
  settlement,
  shield,
  statement,
  vault,
  whitelist,
};

/** A decorative illustration drawn for the site, served as a hashed SVG with fixed proportions so
 * it never shifts the layout. Below the fold it loads `lazy`: only when the visitor scrolls near. */
export function Illustration({
  name,
  class: className,
  lazy = false,
}: {
  name: IllustrationName;
  class?: string;
  lazy?: boolean;
}) {
  return (
    <img
      class={className ? `illustration ${className}` : "illustration"}
      src={SOURCES[name]}
      width={480}
      height={360}
      alt=""
      decoding="async"
      loading={lazy ? "lazy" : undefined}
    />
  );
}
