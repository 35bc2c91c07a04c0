import globe from "../assets/illustrations/globe.svg?url";
import network from "../assets/illustrations/network.svg?url";
import settlement from "../assets/illustrations/settlement.svg?url";
import shield from "../assets/illustrations/shield.svg?url";
import vault from "../assets/illustrations/vault.svg?url";
import type { IllustrationName } from "../lib/sections";

const SOURCES: Record<IllustrationName, string> = { globe, network, settlement, shield, vault };

/** A decorative illustration drawn for the site, served as a hashed SVG with fixed proportions so
 * it never shifts the layout. */
export function Illustration({ name, class: className }: { name: IllustrationName; class?: string }) {
  return (
    <img
      class={className ? `illustration ${className}` : "illustration"}
      src={SOURCES[name]}
      width={480}
      height={360}
      alt=""
      decoding="async"
    />
  );
}
