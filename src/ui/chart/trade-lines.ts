/**
 * Trades on the chart (issue 28 item 1), as data: what the trade layer draws
 * for one symbol. Pure, so the words and prices are tested without a canvas.
 *
 * - a line at each open position's entry price, labelled with its side,
 *   volume and live P&L;
 * - its stop loss and take profit, when set;
 * - each pending order's price;
 * - each running option's strike, with the time left;
 * - entry and exit markers of trades closed on this symbol (klinecharts
 *   places them by time, so only those in the visible range show).
 */
import type { MarketOrder, OptionOrder } from '../../api/types/trading.ts';
import { money, priceText, volumeText } from '../format.ts';

/** What a line or marker opens when it is clicked or tapped. */
export interface TradeTarget {
  kind: 'order' | 'option';
  id: string;
}

export type TradeLineKind = 'position' | 'stopLoss' | 'takeProfit' | 'pending' | 'option';

export interface TradeLine {
  /** Stable per line: `<kind>:<order id>`. */
  key: string;
  kind: TradeLineKind;
  price: number;
  /** Drawn beside the line (a position's live P&L, an option's time left). */
  label: string;
  /** What a screen reader is told: the label without what changes every moment, with the price. */
  name: string;
  /** Which colour: the side's (buy up, sell down); a take profit's is the profit's, a stop loss's the loss's. */
  tone: 'up' | 'down';
  target: TradeTarget;
}

export interface TradeMark {
  key: string;
  tone: 'up' | 'down';
  entry: { timestamp: number; value: number };
  exit: { timestamp: number; value: number };
}

/** The words the lines are made of (the translator's `t`, bound by the caller). */
export type TradeWords = (key: string, values?: Record<string, unknown>) => string;

/**
 * The same words, each made once: the layer redraws its labels with every
 * price, and `t` costs more than the rest of a label's making.
 * Bounded; a new language brings a new `t`, so a new cache.
 */
export function cachedWords(t: TradeWords): TradeWords {
  const made = new Map<string, string>();
  return (key, values) => {
    const id = values ? `${key}|${JSON.stringify(values)}` : key;
    let s = made.get(id);
    if (s === undefined) {
      if (made.size >= 256) made.clear();
      s = t(key, values);
      made.set(id, s);
    }
    return s;
  };
}

const signed = (v: number) => {
  const s = money(v);
  return v > 0 && s !== '0.00' ? `+${s}` : s;
};

/**
 * What of the orders the lines are made of, besides a position's P&L: when it is the same
 * after a change of the orders' store, only P&L moved (the exchange channel's patch every
 * second, or with every price), and only a label changes.
 */
export function linesKey(
  symbol: string,
  holding: readonly MarketOrder[],
  pending: readonly MarketOrder[],
): string {
  let key = '';
  for (const list of [holding, pending]) {
    key += '|';
    for (const o of list)
      if (o.tradePair === symbol)
        key += `${o.id},${o.orderType},${o.orderQuantity},${o.openingPrice},${o.stopPrice},${o.takeProfitPrice};`;
  }
  return key;
}

/** Seconds left until `endTime` (server ms), never below 0. */
export const secondsLeft = (endTime: number, now: number): number =>
  Math.max(0, Math.ceil((endTime - now) / 1000));

export function tradeLines(
  symbol: string,
  holding: readonly MarketOrder[],
  pending: readonly MarketOrder[],
  options: readonly OptionOrder[],
  now: number,
  t: TradeWords,
): TradeLine[] {
  const out: TradeLine[] = [];
  const side = (o: MarketOrder) => t(o.orderType === 0 ? 'order.buy' : 'order.sell');
  const tone = (o: { orderType: number }) => (o.orderType === 0 ? 'up' : 'down');
  const stops = (o: MarketOrder) => {
    const target: TradeTarget = { kind: 'order', id: o.id };
    for (const [kind, price, tone] of [
      ['stopLoss', o.stopPrice, 'down'],
      ['takeProfit', o.takeProfitPrice, 'up'],
    ] as const) {
      if (!price) continue;
      const label = `${t(`order.${kind}`)} ${priceText(symbol, price)}`;
      out.push({ key: `${kind}:${o.id}`, kind, price, label, name: label, tone, target });
    }
  };
  for (const o of holding) {
    if (o.tradePair !== symbol) continue;
    const volume = `${side(o)} ${volumeText(symbol, o.orderQuantity)}`;
    out.push({
      key: `position:${o.id}`,
      kind: 'position',
      price: o.openingPrice,
      label: `${volume} · ${signed(o.profitLoss)} USD`,
      name: `${volume} · ${priceText(symbol, o.openingPrice)}`,
      tone: tone(o),
      target: { kind: 'order', id: o.id },
    });
    stops(o);
  }
  for (const o of pending) {
    if (o.tradePair !== symbol) continue;
    const label = `${side(o)} ${volumeText(symbol, o.orderQuantity)} · ${t('position.pendingOrder')} ${priceText(symbol, o.openingPrice)}`;
    out.push({
      key: `pending:${o.id}`,
      kind: 'pending',
      price: o.openingPrice,
      label,
      name: label,
      tone: tone(o),
      target: { kind: 'order', id: o.id },
    });
    stops(o);
  }
  for (const o of options) {
    if (o.tradePair !== symbol || o.positionStatus !== 0) continue;
    const left = secondsLeft(o.endTime, now);
    if (left <= 0) continue;
    out.push({
      key: `option:${o.uid}`,
      kind: 'option',
      price: o.price,
      label: `${t(o.orderType === 0 ? 'option.long' : 'option.short')} ${money(o.amount)} USD · ${t('option.timeLeft', { seconds: left })}`,
      name: `${t(o.orderType === 0 ? 'option.long' : 'option.short')} ${money(o.amount)} USD · ${priceText(symbol, o.price)}`,
      tone: tone(o),
      target: { kind: 'option', id: o.uid },
    });
  }
  return out;
}

/** Entry and exit markers of this symbol's closed trades (those with both times). */
export function tradeMarks(symbol: string, closed: readonly MarketOrder[]): TradeMark[] {
  return closed.flatMap((o) =>
    o.tradePair === symbol && o.transactionTimeTs && o.closingTimeTs
      ? [
          {
            key: `closed:${o.id}`,
            tone: o.orderType === 0 ? ('up' as const) : ('down' as const),
            entry: { timestamp: o.transactionTimeTs, value: o.openingPrice },
            exit: { timestamp: o.closingTimeTs, value: o.currentPrice },
          },
        ]
      : [],
  );
}

/**
 * Where labels of height `h` go so that none covers another (two stops close
 * to the entry would otherwise print over it): label centres for the lines at
 * `ys` (pane pixels, in any order), in the same order as `ys`. Labels keep
 * the lines' order from top to bottom and move as little as it takes: each
 * one at its line unless the one above pushes it down, then the whole stack
 * pulled up from the pane's bottom if it ran past it. Within [h/2, height - h/2]
 * whenever they all fit; ties keep the input order.
 */
export function spreadLabels(ys: readonly number[], height: number, h: number): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const at = order.map((o) => o.y);
  for (let k = 0; k < at.length; k++) at[k] = Math.max(at[k]!, k === 0 ? h / 2 : at[k - 1]! + h);
  for (let k = at.length - 1; k >= 0; k--)
    at[k] = Math.min(at[k]!, k === at.length - 1 ? height - h / 2 : at[k + 1]! - h);
  // Taller than the pane: from the top again, so the first ones stay readable.
  if (at.length && at[0]! < h / 2)
    for (let k = 0; k < at.length; k++) at[k] = Math.max(at[k]!, h / 2 + k * h);
  const out = new Array<number>(ys.length);
  order.forEach((o, k) => (out[o.i] = at[k]!));
  return out;
}
