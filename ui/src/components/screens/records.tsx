import { wordsOf } from "./parts";

/** Two figures of facts a text section states, drawn from its labels, whose tokens carry the facts
 * (`{insurance.sublimit.cold}`, `{data.client-records}`): real text read as a table under a
 * caption, the shards pictures of the rows beside them. Each takes its words in the order of its
 * slots (./slots.json). */

/** The insurance's layers: the aggregate limit, each wallet type's sublimit within it, then the
 * deductible each claim bears, a row each with its amount. */
export function InsuranceLayers({ words }: { words: string[] }) {
  const [caption, ...pairs] = wordsOf(words, 9);
  const rows = [0, 1, 2, 3].map((index) => [pairs[index * 2], pairs[index * 2 + 1]] as const);
  return (
    <figure class="lattice-diagram records">
      <table class="screen__table">
        <tbody>
          {rows.map(([label, amount], index) => (
            <tr
              key={index}
              class={`records__row records__row--${index === 0 ? "top" : index === 3 ? "foot" : "in"}`}
            >
              <th scope="row">
                <span class={index === 0 ? "shard shard--filled" : "shard"} aria-hidden="true" />
                {label}
              </th>
              <td class="num">{amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/** Where client data is kept: the two sites that hold the records, each replicating to the other,
 * then a row for each kind of data and the places it is kept. */
export function DataReplicas({ words }: { words: string[] }) {
  const [caption, first, link, second, ...pairs] = wordsOf(words, 10);
  const rows = [0, 1, 2].map((index) => [pairs[index * 2], pairs[index * 2 + 1]] as const);
  return (
    <figure class="lattice-diagram records">
      <div class="replicas">
        <span class="node">
          <span class="shard shard--filled" aria-hidden="true" />
          <strong>{first}</strong>
        </span>
        <span class="replicas__link">{link}</span>
        <span class="node">
          <span class="shard shard--filled" aria-hidden="true" />
          <strong>{second}</strong>
        </span>
      </div>
      <table class="screen__table">
        <tbody>
          {rows.map(([what, where], index) => (
            <tr key={index}>
              <th scope="row">{what}</th>
              <td>{where}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
