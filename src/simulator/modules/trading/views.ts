/** Orders and options as the wire shows them (trading.md §3). */
import Big from 'big.js';
import type { MarketOrder, OptionOrder } from '../../../api/types/trading.ts';
import { pnlOf, quoteCurrency, wire2 } from './money.ts';
import type { QuoteBook } from './quotes.ts';
import { type OptionRecord, type OrderRecord, type TradingContext } from './state.ts';

/** 'YYYY-MM-DD HH:mm:ss' in UTC (the client formats the *Ts fields in the site's zone). */
const stamp = (t: number | null): string | undefined => {
  if (t === null) return undefined;
  const iso = new Date(t).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
};

const price = (v: string | null): number | null => (v === null ? null : Number(v));

/**
 * A market order on the wire. An open order shows its live closing-side price
 * and unrealised P&L; a pending one the price it would fill at; a closed one
 * its close price and realised P&L.
 */
export function orderView(ctx: TradingContext, o: OrderRecord, qb: QuoteBook): MarketOrder {
  const d = ctx.products.get(o.symbol);
  if (!d) throw new Error(`unknown symbol ${o.symbol}`);
  let current: number;
  let pnl: number;
  if (o.positionStatus === 1 || o.positionStatus === 2) {
    const q = qb.get(o.symbol);
    const buy = o.orderType === 0;
    const open = o.positionStatus === 2;
    // An open buy is valued at the bid (where it closes), a pending buy at the ask (where it fills).
    current = open === buy ? q.bid : q.ask;
    pnl = open ? wire2(pnlOf(d, o, new Big(current), qb.rate(quoteCurrency(d)))) : 0;
  } else {
    current = Number(o.closePrice ?? o.openPrice ?? o.limitPrice ?? 0);
    pnl = wire2(o.profitLoss);
  }
  const placed = stamp(o.orderTime);
  const filled = stamp(o.transactionTime);
  return {
    id: o.id,
    uid: o.uid,
    orderType: o.orderType,
    buyPoint: o.buyPoint,
    ...(filled ? { transactionTime: filled } : {}),
    ...(placed ? { orderTime: placed } : {}),
    orderTimeTs: o.orderTime,
    tradePair: o.symbol,
    productName: d.name,
    orderQuantity: Number(o.volume),
    securityDepositInitial: wire2(o.margin),
    openingPrice: Number(o.openPrice ?? o.limitPrice ?? 0),
    currentPrice: current,
    stopPrice: price(o.stopPrice),
    takeProfitPrice: price(o.takeProfitPrice),
    profitLoss: pnl,
    feeAmount: wire2(o.fee),
    interest: wire2(o.interest),
    multiple: o.leverage,
    transactionTimeTs: o.transactionTime,
    closingTimeTs: o.closingTime,
    positionStatus: o.positionStatus,
    // Extension: why it ended, once it has (api/types/trading.ts).
    ...(o.closeReason && o.positionStatus >= 3 ? { closeReason: o.closeReason } : {}),
  };
}

/**
 * An option on the wire. `uid` is the option order's key (what addOrderOption
 * returns as data.uid and what the check and detail calls take), equal to its id.
 */
export function optionView(ctx: TradingContext, o: OptionRecord): OptionOrder {
  return {
    id: o.id,
    uid: o.id,
    orderType: o.orderType,
    tradePair: o.symbol,
    productName: ctx.products.get(o.symbol)?.name ?? o.symbol,
    price: Number(o.price),
    priceEnd: price(o.priceEnd),
    feeAmount: wire2(o.fee),
    timeLong: o.timeLong,
    beginTime: o.beginTime,
    endTime: o.endTime,
    completeTime: o.completeTime,
    amount: wire2(o.amount),
    rate: o.rate,
    winLost: o.winLost === null ? null : wire2(o.winLost),
    positionStatus: o.positionStatus,
  };
}
