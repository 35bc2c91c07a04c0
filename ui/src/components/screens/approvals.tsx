import type { ComponentChildren } from "preact";
import { Checks, Frame, Meter, Pill, Row, wordsOf } from "./parts";

/** The screens of approvals and policy: each takes its words in the order of its slots
 * (./slots.json): the page's labels, and the addresses and amounts that read the same in every
 * language. */

/** A business line's withdrawal queue: the first withdrawal open, two of its three approvers in
 * (each by their initials) and its destination whitelisted; under it one already signed by all
 * three and one waiting for its first approval. */
export function Approval({ words }: { words: string[] }) {
  const [
    title,
    account,
    pending,
    amount,
    whitelisted,
    approvals,
    value,
    address,
    count,
    first,
    second,
    third,
    signed,
    queued,
    ...queue
  ] = wordsOf(words, 18);
  const approvers = [first, second, third];
  const [signedValue, signedAddress, queuedValue, queuedAddress] = queue;
  return (
    <Frame title={title} sub={account}>
      <div class="queue__open">
        <div class="screen__row">
          <span class="screen__label">{amount}</span>
          <Pill tone="wait">{pending}</Pill>
        </div>
        <span class="screen__amount">{value}</span>
        <div class="screen__row screen__row--boxed">
          <span class="mono">→ {address}</span>
          <Pill tone="ok">{whitelisted}</Pill>
        </div>
        <div class="quorum">
          <Approvers initials={approvers} done={2} />
          <span class="quorum__progress">
            <span class="screen__row">
              <span class="screen__label">{approvals}</span>
              <strong class="num">{count}</strong>
            </span>
            <Meter done={2} of={3} />
          </span>
        </div>
      </div>
      <Queued value={signedValue} address={signedAddress}>
        <Approvers initials={approvers} done={3} />
        <Pill tone="ok">{signed}</Pill>
      </Queued>
      <Queued value={queuedValue} address={queuedAddress}>
        <Approvers initials={approvers} done={0} />
        <Pill tone="info">{queued}</Pill>
      </Queued>
    </Frame>
  );
}

/** The approvers of a withdrawal as discs, the first `done` ticked. */
function Approvers({ initials, done }: { initials: string[]; done: number }) {
  return (
    <span class="avatars">
      {initials.map((name, index) => (
        <span key={name} class={index < done ? "avatar avatar--done" : "avatar"}>
          {name}
        </span>
      ))}
    </span>
  );
}

/** A withdrawal further down the queue: its amount over its destination, beside its approvers
 * and its status. */
function Queued({
  value,
  address,
  children,
}: {
  value: string;
  address: string;
  children: ComponentChildren;
}) {
  return (
    <div class="queue__item">
      <span class="queue__what">
        <strong class="num">{value}</strong>
        <span class="mono">→ {address}</span>
      </span>
      {children}
    </div>
  );
}

/** A business line's approval policy: tiers by amount, a new address approved before its first
 * use (content/signing.toml's `whitelist-additions`) and the whitelist. */
export function Policy({ words }: { words: string[] }) {
  const [
    title,
    line,
    enforced,
    upTo,
    above,
    checkers,
    newAddresses,
    approvedBeforeUse,
    destinations,
    whitelisted,
    limit,
    two,
    three,
  ] = wordsOf(words, 13);
  return (
    <Frame title={title} sub={line} status={enforced} tone="ok">
      <div class="rules">
        <Row label={`${upTo} ${limit}`} value={<Quorum count={Number(two)} label={`${two} ${checkers}`} />} />
        <Row
          label={`${above} ${limit}`}
          value={<Quorum count={Number(three)} label={`${three} ${checkers}`} />}
        />
        <Row label={newAddresses} value={<Pill tone="wait">{approvedBeforeUse}</Pill>} />
        <Row label={destinations} value={<Pill tone="ok">{whitelisted}</Pill>} />
      </div>
    </Frame>
  );
}

/** A business line's approval policy being edited: the top tier's quorum raised, the change a
 * draft until the Checkers approve it. */
export function PolicyEditor({ words }: { words: string[] }) {
  const [
    title,
    line,
    draft,
    tier,
    checkers,
    upTo,
    above,
    changed,
    whitelistOnly,
    note,
    discard,
    submit,
    limit,
    two,
    three,
  ] = wordsOf(words, 15);
  return (
    <Frame title={title} sub={line} status={draft} tone="wait">
      <div class="rules">
        <div class="screen__row screen__label">
          <span>{tier}</span>
          <span>{checkers}</span>
        </div>
        <Row label={`${upTo} ${limit}`} value={<Quorum count={Number(two)} label={two} />} />
        <div class="screen__row screen__row--edited">
          <span>
            {above} {limit} <Pill tone="wait">{changed}</Pill>
          </span>
          <Quorum count={Number(three)} label={three} />
        </div>
        <Row label={whitelistOnly} value={<span class="tick" />} />
      </div>
      <p class="screen__foot">{note}</p>
      <div class="screen__buttons">
        <span class="screen__button">{discard}</span>
        <span class="screen__button screen__button--primary">{submit}</span>
      </div>
    </Frame>
  );
}

/** A number of approvers drawn as shards, with its words. */
function Quorum({ count, label }: { count: number; label: string }) {
  return (
    <span class="quorum-tag">
      <span class="shards">
        {Array.from({ length: count }, (_, index) => (
          <span key={index} class="shard shard--filled" />
        ))}
      </span>
      {label}
    </span>
  );
}

/** A withdrawal's audit trail, from its creation to its confirmation on chain and the ledger's
 * update, each step timed. */
export function AuditTrail({ words }: { words: string[] }) {
  const [
    title,
    reference,
    complete,
    maker,
    created,
    checker,
    approved,
    engine,
    passed,
    shards,
    signed,
    screened,
    network,
    confirmed,
    ledger,
    updated,
    ...rest
  ] = wordsOf(words, 25);
  const [t1, t2, t3, t4, t5, t6, t7, t8, hash] = rest;
  const events = [
    [t1, maker, created],
    [t2, engine, screened],
    [t3, checker, approved],
    [t4, checker, approved],
    [t5, engine, passed],
    [t6, shards, `${signed} · ${hash}`],
    [t7, network, confirmed],
    [t8, ledger, updated],
  ];
  return (
    <Frame title={title} sub={reference} status={complete} tone="ok">
      <ol class="trail">
        {events.map(([time, who, what], index) => (
          <li key={index} class="trail__event">
            <span class="trail__time num">{time}</span>
            <span>
              <strong>{who}</strong> {what}
            </span>
          </li>
        ))}
      </ol>
    </Frame>
  );
}

/** An address book with a new entry awaiting approval before its first use. */
export function Whitelist({ words }: { words: string[] }) {
  const [title, cold, active, added, payouts, active2, coldAddress, newAddress, awaiting, payoutAddress] =
    wordsOf(words, 10);
  return (
    <Frame title={title}>
      <div class="entries">
        <Entry name={cold} address={coldAddress} status={<Pill tone="ok">{active}</Pill>} />
        <Entry name={added} address={newAddress} status={<Pill tone="wait">{awaiting}</Pill>} fresh />
        <Entry name={payouts} address={payoutAddress} status={<Pill tone="ok">{active2}</Pill>} />
      </div>
    </Frame>
  );
}

/** One address of an address book. */
function Entry({
  name,
  address,
  status,
  fresh = false,
}: {
  name: string;
  address: string;
  status: ComponentChildren;
  fresh?: boolean;
}) {
  return (
    <div class={fresh ? "entry entry--fresh" : "entry"}>
      <span class="entry__name">
        {name}
        <span class="mono">{address}</span>
      </span>
      {status}
    </div>
  );
}

/** The DeFi connector's approval of a contract call, its policy checks passed. */
export function DefiApproval({ words }: { words: string[] }) {
  const [network, contract, allowlisted, withinLimit, simulated, reject, approve, chain, address] = wordsOf(
    words,
    9,
  );
  return (
    <Frame title={contract} sub={address}>
      <Row label={network} value={chain} />
      <Checks
        items={[
          { text: allowlisted, state: "done" },
          { text: withinLimit, state: "done" },
          { text: simulated, state: "done" },
        ]}
      />
      <div class="screen__buttons">
        <span class="screen__button">{reject}</span>
        <span class="screen__button screen__button--primary">{approve}</span>
      </div>
    </Frame>
  );
}

/** A security researcher's report on its way: received and acknowledged, under assessment, the
 * fix and the disclosure to come. */
export function VulnerabilityReport({ words }: { words: string[] }) {
  const [title, reference, acknowledged, received, assigned, assessing, fixed, disclosed, handler, team] =
    wordsOf(words, 10);
  return (
    <Frame title={title} sub={reference} status={acknowledged} tone="ok">
      <Checks
        items={[
          { text: received, state: "done" },
          { text: assigned, state: "done" },
          { text: assessing, state: "now" },
          { text: fixed, state: "next" },
          { text: disclosed, state: "next" },
        ]}
      />
      <Row label={handler} value={team} />
    </Frame>
  );
}
