import { Checks, Frame, Meter, Pill, Row, wordsOf } from "./parts";

/** The screens of accounts and holdings: each takes its words in the order of its slots
 * (./slots.json). */

/** An institution's account opening, two steps done and the third under way. */
export function Onboarding({ words }: { words: string[] }) {
  const [title, client, inReview, application, diligence, agreement, users, live, progress] = wordsOf(
    words,
    9,
  );
  const [done = 0, of = 1] = progress.split("/").map(Number);
  return (
    <Frame title={title} sub={client} status={inReview} tone="wait">
      <Checks
        items={[application, diligence, agreement, users, live].map((text, index) => ({
          text,
          state: index + 1 < done ? "done" : index + 1 === done ? "now" : "next",
        }))}
      />
      <div class="screen__row">
        <Meter done={done} of={of} />
        <strong class="num">{progress}</strong>
      </div>
    </Frame>
  );
}

/** The supported-asset list of the entity chosen: a switch between the entities over a table. */
export function AssetList({ words }: { words: string[] }) {
  const [title, singapore, hongKong, token, network, warm, cold, ...rows] = wordsOf(words, 15);
  const assets = [0, 2, 4, 6].map((at) => [rows[at], rows[at + 1]]);
  return (
    <Frame title={title} wide>
      <span class="segmented">
        <span class="segmented__on">{singapore}</span>
        <span>{hongKong}</span>
      </span>
      <table class="screen__table">
        <thead>
          <tr>
            <th>{token}</th>
            <th>{network}</th>
            <th>{warm}</th>
            <th>{cold}</th>
          </tr>
        </thead>
        <tbody>
          {assets.map(([symbol, chain]) => (
            <tr key={`${symbol} ${chain}`}>
              <td>
                <strong>{symbol}</strong>
              </td>
              <td>{chain}</td>
              <td class="tick" />
              <td class="tick" />
            </tr>
          ))}
        </tbody>
      </table>
    </Frame>
  );
}

/** A daily holdings statement, reconciled: the assets and their amounts around a ring. */
export function Statement({ words }: { words: string[] }) {
  const [title, daily, count, account, reconciled, ...rest] = wordsOf(words, 13);
  const tokens = rest.slice(0, 4);
  const amounts = rest.slice(4, 8);
  return (
    <Frame title={title} sub={account} status={daily} tone="info">
      <div class="holdings">
        <Ring parts={[38, 27, 22, 13]} label={count} />
        <div class="holdings__list">
          {tokens.map((token, index) => (
            <Row key={token} label={<Key index={index}>{token}</Key>} value={amounts[index]} />
          ))}
        </div>
      </div>
      <p class="screen__foot screen__foot--ok">{reconciled}</p>
    </Frame>
  );
}

/** A fund's positions across protocols, valued daily, and their allocation. */
export function DefiPositions({ words }: { words: string[] }) {
  const [title, fund, nav, lending, staking, pool, allocation, ...amounts] = wordsOf(words, 10);
  return (
    <Frame title={title} sub={fund} status={nav} tone="info">
      {[lending, staking, pool].map((position, index) => (
        <Row key={position} label={<Key index={index}>{position}</Key>} value={amounts[index]} strong />
      ))}
      <span class="screen__label">{allocation}</span>
      <Split parts={[45, 31, 24]} />
    </Frame>
  );
}

/** A project treasury against its budget, and the quarters its tokens unlock in. */
export function TokenTreasury({ words }: { words: string[] }) {
  const [title, budget, onBudget, operations, grants, market, unlocks, ...rest] = wordsOf(words, 14);
  const spent = rest.slice(0, 3);
  const quarters = rest.slice(3, 7);
  return (
    <Frame title={title} sub={budget} status={onBudget} tone="ok">
      {[operations, grants, market].map((line, index) => (
        <div key={line} class="budget">
          <Row label={line} value={spent[index]} />
          <Meter done={Number.parseInt(spent[index] ?? "0", 10)} of={100} />
        </div>
      ))}
      <span class="screen__label">{unlocks}</span>
      <span class="quarters">
        {quarters.map((quarter, index) => (
          <Pill key={quarter} tone={index === 0 ? "ok" : "info"}>
            {quarter}
          </Pill>
        ))}
      </span>
    </Frame>
  );
}

/** The colour key of a part of a ring or bar, before its words. */
function Key({ index, children }: { index: number; children: string }) {
  return (
    <span class="key">
      <span class={`key__swatch part-${index}`} />
      {children}
    </span>
  );
}

/** A ring of `parts` (per cent), its `label` in the middle. */
function Ring({ parts, label }: { parts: number[]; label: string }) {
  const circumference = 2 * Math.PI * 15.9155;
  let offset = 0;
  return (
    <span class="ring">
      <svg viewBox="0 0 42 42" aria-hidden="true">
        {parts.map((part, index) => {
          const dash = (part / 100) * circumference;
          const arc = (
            <circle
              key={index}
              class={`part-${index}`}
              cx="21"
              cy="21"
              r="15.9155"
              fill="none"
              stroke-width="6"
              stroke-dasharray={`${dash - 0.8} ${circumference - dash + 0.8}`}
              stroke-dashoffset={-offset}
              transform="rotate(-90 21 21)"
            />
          );
          offset += dash;
          return arc;
        })}
      </svg>
      <span class="ring__label">{label}</span>
    </span>
  );
}

/** A bar split into `parts` (per cent), in the colours of their keys. */
function Split({ parts }: { parts: number[] }) {
  let x = 0;
  return (
    <svg class="split-bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
      {parts.map((part, index) => {
        const rect = <rect key={index} class={`part-${index}`} x={x} width={part - 0.6} height="8" />;
        x += part;
        return rect;
      })}
    </svg>
  );
}

/** An account's users, each in a role, the last invited and not yet active. */
export function TeamRoles({ words }: { words: string[] }) {
  const [title, account, active, administrator, maker, checker, viewer, invited, ...names] = wordsOf(
    words,
    12,
  );
  const roles = [administrator, maker, checker, viewer];
  return (
    <Frame title={title} sub={account} status={active} tone="ok">
      <div class="entries">
        {roles.map((role, index) => {
          const pending = index === roles.length - 1;
          return (
            <div key={role} class={pending ? "entry entry--fresh" : "entry"}>
              <span class="entry__name">
                {names[index]}
                {pending && <span class="screen__sub">{invited}</span>}
              </span>
              <Pill tone={pending ? "wait" : "info"}>{role}</Pill>
            </div>
          );
        })}
      </div>
    </Frame>
  );
}
