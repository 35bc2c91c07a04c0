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

/** The keys of a cold wallet on their continents (`signing.toml`, one key to a site), the
 * threshold that signs lit in gold across them, and what that means. Without the keys (no page
 * data carries them) it draws nothing: the build allows it in a hero only, which carries them. */
export function KeySites({ words, keys }: { words: string[]; keys: KeysView | undefined }) {
  if (!keys) return null;
  const [signing, alone] = wordsOf(words, 2);
  const { held, signs } = keysHeld(keys);
  return (
    <div class="lattice-diagram sites" aria-hidden="true">
      <ul class="sites__continents">
        {held.map((site) => (
          <li key={site.name} class="continent">
            <span class="continent__name">{site.name}</span>
            <span class="shards shards--large">
              {site.keys.map((key) => (
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

/** A wallet's keys numbered continent by continent, and those that sign: taken from as many
 * continents as possible, first keys first, so that a drawing shows no continent signing alone. */
export function keysHeld(keys: KeysView) {
  let next = 0;
  const held = keys.sites.map((site) => ({
    name: site.name,
    keys: Array.from({ length: site.keys }, () => next++),
  }));
  const signs = new Set(
    held
      .flatMap((site) => site.keys.map((key, depth) => [depth, key] as const))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .slice(0, keys.threshold)
      .map(([, key]) => key),
  );
  return { held, signs };
}
