import { Frame, Meter, Pill, Row, Stat, wordsOf } from "./parts";

/** The screens of settlement and payments: each takes its words in the order of its slots
 * (./slots.json). */

/** An Oasis buffer account: what custody holds, the limit it gives on the exchange, the day's
 * profit and loss and the next settlement. */
export function Settlement({ words }: { words: string[] }) {
  const [title, account, connected, held, limit, result, next, heldValue, limitValue, resultValue, nextTime] =
    wordsOf(words, 11);
  return (
    <Frame title={title} sub={account} status={connected} tone="live">
      <div class="mirror">
        <Stat label={held} value={heldValue} />
        <span class="mirror__link" />
        <Stat label={limit} value={limitValue} />
      </div>
      <Row label={result} value={<span class="up">{resultValue}</span>} strong />
      <Row label={next} value={nextTime} />
    </Frame>
  );
}

/** The e-mail that confirms a settlement: the two legs, and that nothing moved on-chain. */
export function SettlementEmail({ words }: { words: string[] }) {
  const [title, reference, balances, offChain, time, paid, received] = wordsOf(words, 7);
  return (
    <Frame title={title} sub={reference} status={time} tone="ok">
      <Row label="USDT" value={paid} strong />
      <Row label="BTC" value={<span class="up">{received}</span>} strong />
      <p class="screen__foot">
        {balances} {offChain}
      </p>
    </Frame>
  );
}

/** A batch of deposit addresses created at once, one per customer, across networks. */
export function DepositBatch({ words }: { words: string[] }) {
  const [title, sub, count, ...rest] = wordsOf(words, 13);
  const addresses = rest.slice(0, 5);
  const networks = rest.slice(5, 10);
  return (
    <Frame title={title} sub={sub} status={count} tone="info">
      {addresses.map((address, index) => (
        <Row key={address} label={address} value={<Pill tone="info">{networks[index]}</Pill>} mono />
      ))}
    </Frame>
  );
}

/** A platform's customer withdrawals flowing out of its warm wallet, one held for approval, over
 * the wallet's balance and its top-up level. */
export function WithdrawalQueue({ words }: { words: string[] }) {
  const [title, sub, live, sent, sent2, held, balance, ...amounts] = wordsOf(words, 10);
  const states = [
    [sent, "ok"],
    [sent2, "ok"],
    [held, "wait"],
  ] as const;
  return (
    <Frame title={title} sub={sub} status={live} tone="live">
      {states.map(([state, tone], index) => (
        <Row key={amounts[index]} label={amounts[index]} value={<Pill tone={tone}>{state}</Pill>} strong />
      ))}
      <span class="screen__label">{balance}</span>
      <span class="level">
        <Meter done={62} of={100} />
        <span class="level__mark" />
      </span>
    </Frame>
  );
}

/** A mining pool's daily payout batch to whitelisted addresses, signed. */
export function PayoutBatch({ words }: { words: string[] }) {
  const [title, sub, scheduled, signed, ...rest] = wordsOf(words, 10);
  const addresses = rest.slice(0, 3);
  const amounts = rest.slice(3, 6);
  return (
    <Frame title={title} sub={sub} status={scheduled} tone="wait">
      {addresses.map((address, index) => (
        <Row key={address} label={address} value={amounts[index]} mono />
      ))}
      <p class="screen__foot screen__foot--ok">{signed}</p>
    </Frame>
  );
}

/** A conversion of stablecoins to US dollars, its rate agreed before the trade. */
export function OtcQuote({ words }: { words: string[] }) {
  const [title, request, agreed, sell, rate, receive, approved, sold, price, received] = wordsOf(words, 10);
  return (
    <Frame title={title} sub={request} status={agreed} tone="ok">
      <Row label={sell} value={sold} />
      <Row label={rate} value={price} />
      <span class="screen__label">{receive}</span>
      <span class="screen__amount">{received}</span>
      <p class="screen__foot screen__foot--ok">{approved}</p>
    </Frame>
  );
}
