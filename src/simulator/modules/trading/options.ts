/**
 * Fixed-duration options: placement (addOrderOption / addOrderOptionMock) and
 * settlement.
 *
 * Refusals, in order: 501 malformed direction or amount (not a positive
 * integer); 405 / 406 as for market orders; 604 unknown pair; 603 unknown
 * option product id; 606 the option product is for another pair, or the
 * payload's rate is not the configured rate of that duration (stale config);
 * 605 pair prohibited or its market not open; 320 forex permission;
 * 602 a duration the product does not offer; 501 amount outside min..max;
 * 601 no price, or the payload's price more than 1 % away from the current
 * mid (the client priced it on stale data); 203 stake above the cash.
 *
 * The stake moves cash → a held account (`u:<uid>:held:options:<book>`) while
 * the option runs. At endTime the option is settled against the mid price at
 * that instant (prices.priceAt(symbol, endTime)), both prices rounded to the
 * product's precision: a win (up and higher, or down and lower) returns the
 * stake and pays amount × rate / 100 from the house; a loss forfeits the stake
 * to the house; an equal price refunds the stake (winLost 0). Settlement runs
 * on the first tick at or after endTime, or earlier when a call asks about it;
 * either way the result depends only on endTime, not on when it runs.
 */
import Big from 'big.js';
import { optionWinProfit } from '../../../api/order-rules.ts';
import { acct } from '../../ledger.ts';
import { nextId } from '../../core-state.ts';
import { direction, mayStake, mayTrade, mayTradeForex, refuse } from './guards.ts';
import { queueOption } from './indexes.ts';
import { decimal } from './money.ts';
import { OPTION_MAX, OPTION_MIN, OPTION_TERMS, productOfOption } from './option-config.ts';
import { quoteAt } from './quotes.ts';
import { type Book, type OptionRecord, type Runtime, type TradingContext } from './state.ts';

/** How far the payload's price may be from the current mid (fraction). */
export const OPTION_PRICE_TOLERANCE = new Big('0.01');

/** Where a running option's stake is held. */
export const heldOptions = (uid: string, book: Book): string => acct.held(uid, `options:${book}`);

function stake(v: unknown): Big {
  const a = decimal(v);
  if (a === undefined || a === null || a.lte(0) || !a.eq(a.round(0, Big.roundDown)))
    return refuse(501);
  return a;
}

/** Validate and place an option; returns it (queued for settlement). */
export function placeOption(
  ctx: TradingContext,
  rt: Runtime,
  uid: string,
  book: Book,
  p: Record<string, unknown>,
  now: number,
): OptionRecord {
  const orderType = direction(p.orderType);
  const amount = stake(p.amount);
  mayTrade(ctx, uid, book);
  const d = ctx.products.get(String(p.tradePair ?? '')) ?? refuse(604);
  const od = productOfOption(ctx, String(p.optionsProductId ?? '')) ?? refuse(603);
  if (od.symbol !== d.symbol) refuse(606);
  const q = quoteAt(ctx, d.symbol, now);
  if (ctx.products.tradeStatus(d.symbol) !== 1 || !q.open) refuse(605);
  mayTradeForex(ctx, uid, book, d);
  const term = OPTION_TERMS.find((t) => t.timeLong === Number(p.timeLong)) ?? refuse(602);
  if (p.rate !== undefined && p.rate !== null && Number(p.rate) !== term.rate) refuse(606);
  if (amount.lt(OPTION_MIN) || amount.gt(OPTION_MAX)) refuse(501);
  const mid = new Big(q.mid.toFixed(d.precision));
  const seen = decimal(p.price);
  if (!seen || seen.lte(0) || seen.minus(mid).abs().gt(mid.times(OPTION_PRICE_TOLERANCE)))
    refuse(601);
  const cash = acct.cash(uid, book);
  if (ctx.ledger.balance(cash).lt(amount)) refuse(203);
  mayStake(ctx, uid, book, amount, now);
  ctx.ledger.transfer(cash, heldOptions(uid, book), amount);
  const o: OptionRecord = {
    id: nextId(ctx.state),
    uid,
    book,
    symbol: d.symbol,
    productId: String(p.optionsProductId),
    orderType,
    price: mid.toString(),
    priceEnd: null,
    timeLong: term.timeLong,
    beginTime: now,
    endTime: now + term.timeLong * 1000,
    completeTime: null,
    amount: amount.toString(),
    rate: term.rate,
    fee: '0',
    winLost: null,
    positionStatus: 0,
  };
  ctx.state.trading.options[o.id] = o;
  // Queue the record read back from the state, so settling it is tracked (persistence.ts).
  queueOption(rt, ctx.state.trading.options[o.id] ?? o);
  return o;
}

/** Settle one option against the price at its end time. */
export function settleOption(ctx: TradingContext, o: OptionRecord, now: number): void {
  const d = ctx.products.get(o.symbol);
  if (!d) throw new Error(`unknown symbol ${o.symbol}`);
  const end = new Big(ctx.prices.priceAt(o.symbol, o.endTime).toFixed(d.precision));
  const start = new Big(o.price);
  const held = heldOptions(o.uid, o.book);
  const cash = acct.cash(o.uid, o.book);
  const cmp = end.cmp(start);
  const won = (cmp > 0 && o.orderType === 0) || (cmp < 0 && o.orderType === 1);
  if (cmp === 0 || won) ctx.ledger.transfer(held, cash, o.amount);
  else ctx.ledger.transfer(held, acct.pnl(o.book), o.amount);
  let result = new Big(0);
  if (won) {
    result = optionWinProfit(o.amount, o.rate);
    ctx.ledger.transfer(acct.pnl(o.book), cash, result);
  } else if (cmp !== 0) result = new Big(o.amount).neg();
  o.priceEnd = end.toString();
  o.winLost = result.toString();
  o.completeTime = now;
  o.positionStatus = 1;
}

/** Give a running option's stake back (demo reset), as a tie at the current price. */
export function refundOption(ctx: TradingContext, o: OptionRecord, now: number): void {
  const d = ctx.products.get(o.symbol);
  ctx.ledger.transfer(heldOptions(o.uid, o.book), acct.cash(o.uid, o.book), o.amount);
  o.priceEnd = ctx.prices.priceAt(o.symbol, now).toFixed(d?.precision ?? 2);
  o.winLost = '0';
  o.completeTime = now;
  o.positionStatus = 1;
}

/** Settle every option whose end time has come. Returns whether any was. */
export function settleDue(ctx: TradingContext, rt: Runtime, now: number): boolean {
  let any = false;
  while (rt.running.length > 0 && (rt.running[0] as OptionRecord).endTime <= now) {
    const o = rt.running.shift() as OptionRecord;
    if (o.positionStatus === 0) settleOption(ctx, o, now);
    any = true;
  }
  return any;
}
