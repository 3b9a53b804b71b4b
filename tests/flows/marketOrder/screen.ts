/** The market order form as a path leaves it, for the words (words.ts). */
import {
  marketOrderMachine,
  type MarketOrderContext,
  type OrderField,
} from '../../../src/machines/marketOrder/machine.ts';
import { volumeDigitsOf } from '../../../src/state/products.ts';
import type { AnyEvent, StepCtx, W } from '../../paths/plan/words.ts';
import { demoSpec, orderForm, replay, symbolOf } from '../../paths/words/trade.screen.ts';

export const directionOf = (spec: string) => (spec.includes('wrong direction') ? 2 : 0);

/** The form's context after the path so far (this step included when `e` is given). */
export const formOf = (c: StepCtx, e?: AnyEvent): MarketOrderContext =>
  replay(
    marketOrderMachine,
    {
      symbol: symbolOf(c.spec),
      demo: demoSpec(c.spec),
      direction: directionOf(c.spec),
      tradeMode: 'market',
    },
    e ? [...c.history, e] : c.history,
  ).context;

const LABELS: Record<OrderField, string> = {
  volume: 'order.volume',
  price: 'order.pendingPrice',
  stopLoss: 'order.stopLoss',
  takeProfit: 'order.takeProfit',
};
export const label = (w: W, f: OrderField) => w.q(LABELS[f]);
export const placeButton = (w: W, f: MarketOrderContext) =>
  w.q(f.direction === 0 ? 'order.placeBuy' : 'order.placeSell', { symbol: f.symbol });
/** The price an order opens at, as the form names it. */
const entryName = (w: W, f: MarketOrderContext) =>
  f.pending ? label(w, 'price') : w.q(f.direction === 0 ? 'order.buyPrice' : 'order.sellPrice');

/** Margin as the form shows it: how to check it against the live price, and the sample figure. */
export function margin(w: W, f: MarketOrderContext): string {
  const m = w.q('order.margin');
  if (f.margin === undefined) return w.say(`${m} shows —`, `${m}は —`);
  const entry = entryName(w, f);
  const how = `${entry} × ${f.volume} ÷ ${f.info?.multiple ?? 20}`;
  const at = f.pending ? f.price : f.direction === 0 ? f.quote?.ask : f.quote?.bid;
  return w.say(
    `${m} shows ${how}, to the cent (${f.margin} when ${entry} is ${at})`,
    `${m}は ${how}（1セント単位、${entry}が ${at} なら ${f.margin}）`,
  );
}

/** The field's message: its error, or the volume's range hint. */
function fieldNote(w: W, f: MarketOrderContext, field: OrderField): string {
  const err = f.errors[field];
  // Volumes as the screen writes them: whole units for shares, else 2 decimals (src/ui/format.ts).
  const lots = (v: number) => v.toFixed(volumeDigitsOf(f.info?.minCount));
  const range = f.info ? { min: lots(f.info.minCount), max: lots(f.info.maxCount) } : undefined;
  if (err) {
    const value = err === 'volume_max_rule' ? range?.max : range?.min;
    return w.say(
      `under ${label(w, field)} the error ${w.q(err, { value })}`,
      `${label(w, field)}の下にエラー${w.q(err, { value })}`,
    );
  }
  return field === 'volume' && range
    ? w.say(
        `the hint ${w.q('order.volumeRange', range)}`,
        `ヒント${w.q('order.volumeRange', range)}`,
      )
    : '';
}

/** Every error the form shows, in screen order. */
export function errorsShown(w: W, f: MarketOrderContext): string {
  const fields: OrderField[] = ['price', 'volume', 'stopLoss', 'takeProfit'];
  const out = fields.filter((x) => f.errors[x]).map((x) => fieldNote(w, f, x));
  if (f.errors.balance) out.push(orderForm.balanceError(w, f.errors.balance));
  return out.join(w.say('; ', '。'));
}

/**
 * A field after typing or leaving it: its value (a price as typed, or where
 * leaving it moved it), its message, and the margin when it depends on it.
 */
export function fieldShown(
  w: W,
  f: MarketOrderContext,
  field: OrderField,
  before?: MarketOrderContext,
): string {
  const value = f[field];
  const name = label(w, field);
  const isPrice = field !== 'volume';
  let shown: string;
  if (value === '') shown = w.say(`${name} is empty`, `${name}は空`);
  else if (before && before[field] !== value && isPrice) {
    // Leaving a stop on the wrong side moves it a pip past the price it is measured from.
    const below = (field === 'stopLoss') === (f.direction === 0);
    const ref = w.q(f.direction === 0 ? 'order.sellPrice' : 'order.buyPrice');
    const at = f.direction === 0 ? f.quote?.bid : f.quote?.ask;
    const pip = f.info?.pip ?? 0.01;
    shown = w.say(
      `${name} changes to ${ref} ${below ? '−' : '+'} ${pip} (${value} when ${ref} is ${at})`,
      `${name}が${ref} ${below ? '−' : '+'} ${pip} に変わる（${ref}が ${at} なら ${value}）`,
    );
  } else if (before && before[field] !== value)
    shown = w.say(`${name} changes to ${value}`, `${name}が ${value} に変わる`);
  else if (isPrice) shown = w.say(`${name} shows the price typed`, `${name}に入力した価格`);
  else shown = w.say(`${name} shows ${value}`, `${name}は ${value}`);
  const parts = [
    shown,
    fieldNote(w, f, field),
    field === 'volume' || field === 'price' ? margin(w, f) : '',
  ];
  return parts.filter(Boolean).join(w.say('; ', '。'));
}

/** The typed price as a person types it: relative to the price the path saw. */
export function typedPrice(w: W, value: string, sample: number, field: OrderField): string {
  if (!sample || Number(value) <= 0)
    return w.say(`Type “${value}” in ${label(w, field)}`, `${label(w, field)}に「${value}」と入力`);
  const pct = Math.round((Number(value) / sample - 1) * 100);
  const side = pct >= 0 ? w.say('above', '上') : w.say('below', '下');
  const buy = w.q('order.buyPrice');
  return w.say(
    `Type a price about ${Math.abs(pct)}% ${side} ${buy} in ${label(w, field)} (e.g. ${value} when ${buy} is about ${Math.round(sample)})`,
    `${label(w, field)}に${buy}より約 ${Math.abs(pct)}% ${side}の価格を入力（例：${buy}が約 ${Math.round(sample)} なら ${value}）`,
  );
}

/** Why the form refused a submit, in a few words (for titles). */
export function mistakes(w: W, f: MarketOrderContext): string {
  const names: Record<string, [string, string]> = {
    volume_empty_rule: ['no volume', '数量なし'],
    volume_min_rule: ['volume under the minimum', '最小未満の数量'],
    volume_max_rule: ['volume over the maximum', '最大超の数量'],
    'index.wrong_price': ['wrong pending price', '指値価格の誤り'],
    stoploss_empty_rule: ['stop loss empty', '損切り未入力'],
    stoploss_zero_rule: ['stop loss zero', '損切りが0'],
    takeprofit_empty_rule: ['take profit empty', '利確未入力'],
    insufficient_balance: ['balance too low', '残高不足'],
  };
  return Object.values(f.errors)
    .filter((k): k is string => !!k)
    .map((k) => {
      const [en, ja] = names[k] ?? [k, k];
      return w.say(en, ja);
    })
    .join(w.say(', ', '、'));
}
