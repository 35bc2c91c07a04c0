import type { KeysView } from "../../lib/generated/KeysView";
import type { LimitsView } from "../../lib/generated/LimitsView";
import { keysHeld } from "./diagrams";
import { Meter, Row, wordsOf } from "./parts";

/** The figures a section draws from the facts its page data carries: real text under a caption,
 * read by assistive technology as a table or a list (the shards and bars are pictures of the
 * numbers beside them). Each takes its words in the order of its slots (./slots.json). */

/** Each wallet type's keys on their continents (`signing.toml`): a row per wallet type, a column
 * per continent, the keys as shards, those that sign lit, and the threshold. The words name the
 * wallet types in the order of `signing.toml`, each followed by its threshold. */
export function KeyMap({ words, keys }: { words: string[]; keys: KeysView[] }) {
  const [caption, walletHeader, thresholdHeader, ...wallets] = wordsOf(words, 7);
  const continents = [...new Set(keys.flatMap((wallet) => wallet.sites.map((site) => site.name)))];
  return (
    <figure class="lattice-diagram key-map">
      <table class="screen__table">
        <thead>
          <tr>
            <th scope="col">{walletHeader}</th>
            {continents.map((continent) => (
              <th key={continent} scope="col">
                {continent}
              </th>
            ))}
            <th scope="col">{thresholdHeader}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((wallet, index) => {
            const { held, signs } = keysHeld(wallet);
            return (
              <tr key={index}>
                <th scope="row">{wallets[index * 2]}</th>
                {continents.map((continent) => {
                  const site = held.find((place) => place.name === continent);
                  return (
                    <td key={continent}>
                      <span class="shards" aria-hidden="true">
                        {site?.keys.map((key) => (
                          <span key={key} class={signs.has(key) ? "shard shard--filled" : "shard"} />
                        ))}
                      </span>
                      <span class="visually-hidden">{site?.keys.length ?? 0}</span>
                    </td>
                  );
                })}
                <td>
                  <strong>{wallets[index * 2 + 1]}</strong>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/** The insurance's aggregate limit over each wallet type's sublimit within it
 * (`insurance.toml`), each a bar as long as its share of the aggregate. The words give the
 * aggregate's label and amount, then each sublimit's in the order of `insurance.toml`. */
export function InsuranceLimits({ words, limits }: { words: string[]; limits: LimitsView }) {
  const [caption, ...pairs] = wordsOf(words, 7);
  const amounts = [limits.aggregate_usd, ...limits.sublimits_usd];
  return (
    <figure class="lattice-diagram limits">
      <ul>
        {amounts.map((usd, index) => (
          <li key={index} class="budget">
            <Row label={pairs[index * 2]} value={pairs[index * 2 + 1]} strong />
            <Meter done={usd} of={limits.aggregate_usd} />
          </li>
        ))}
      </ul>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
