import type { KeysView } from "../../lib/generated/KeysView";
import { wordsOf } from "./parts";

/** The lattice diagrams: the group and its entities, and the keys on their continents. Each takes
 * its words in the order of its slots (./slots.json). */

/** The group over its three entities, each with its status, joined by the lattice's lines. */
export function GroupStructure({ words }: { words: string[] }) {
  const [group, singapore, hongKong, bhutan, exemption, licence, services] = wordsOf(words, 7);
  const members = [
    [singapore, exemption],
    [hongKong, licence],
    [bhutan, services],
  ];
  return (
    <div class="lattice-diagram group" aria-hidden="true">
      <span class="node node--root">
        <span class="shard shard--filled" />
        {group}
      </span>
      <ul class="group__members">
        {members.map(([name, status], index) => (
          <li key={name} class="node">
            <span class={index < 2 ? "shard shard--filled" : "shard"} />
            <strong>{name}</strong>
            <span>{status}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The keys of a cold wallet on their continents (`keys.continents`, spread as evenly as they go),
 * the threshold that signs lit in gold across them, and what that means. */
export function KeySites({ words: [...rest], keys }: { words: string[]; keys: KeysView | undefined }) {
  const { keys: count = 5, threshold = 3, continents = 3 } = keys ?? {};
  const names = rest.slice(0, continents);
  const [signing, alone] = rest.slice(continents);
  // Keys dealt to the continents in turn; those that sign are taken from as many continents as
  // possible, first keys first, so that the diagram shows no continent signing alone.
  const held = Array.from({ length: continents }, (_, site) =>
    Array.from({ length: count }, (_, key) => key).filter((key) => key % continents === site),
  );
  const signs = new Set(
    held
      .flatMap((site) => site.map((key, depth) => [depth, key] as const))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .slice(0, threshold)
      .map(([, key]) => key),
  );
  return (
    <div class="lattice-diagram sites" aria-hidden="true">
      <ul class="sites__continents">
        {held.map((site, index) => (
          <li key={index} class="continent">
            <span class="continent__name">{names[index]}</span>
            <span class="shards shards--large">
              {site.map((key) => (
                <span key={key} class={signs.has(key) ? "shard shard--filled" : "shard"} />
              ))}
            </span>
          </li>
        ))}
      </ul>
      <p class="sites__threshold">
        <strong>{signing}</strong>
        <span>{alone}</span>
      </p>
    </div>
  );
}
