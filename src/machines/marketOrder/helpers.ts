/** The market order machine's pure helpers: output reader, margin, submit validation, payload. */
import {
  applyProduct,
  checkBalance,
  checkPendingPrice,
  checkStopLoss,
  checkTakeProfit,
  clampStop,
  costOf,
  entryPrice,
  feeOf,
  leverageOf,
  marginOf,
  settleVolume,
  stopReference,
  type ProductLoad,
} from '../validation/trading.ts';
import type { MarketOrderContext, PlaceInput } from './types.ts';
export { outputOf } from '../events.ts';

/** The margin and fee for the context's current values. */
export const derive = (c: MarketOrderContext): Pick<MarketOrderContext, 'margin' | 'fee'> => {
  const entry = entryPrice(c.direction, c.pending, c.price, c.quote);
  return { margin: marginOf(entry, c.volume, c.info), fee: feeOf(entry, c.volume, c.info) };
};

/**
 * Every rule checked at submit, against the values just re-fetched: the
 * volume settled into its range, stop loss and take profit clamped against
 * the re-fetched quote (§4 "Values are re-fetched before submit", §5 clamp),
 * then the checks. Returns the values to place and the errors.
 */
export function validate(c: MarketOrderContext): {
  volume: string;
  stopLoss: string;
  takeProfit: string;
  errors: MarketOrderContext['errors'];
} {
  const v = settleVolume(c.volume, c.info);
  const ref = stopReference(c.direction, c.pending, c.price, c.quote);
  const stopLoss = c.stopLossOn
    ? clampStop('stopLoss', c.stopLoss, c.direction, ref, c.info)
    : c.stopLoss;
  const takeProfit = c.takeProfitOn
    ? clampStop('takeProfit', c.takeProfit, c.direction, ref, c.info)
    : c.takeProfit;
  const next = { ...c, volume: v.value };
  const errors: MarketOrderContext['errors'] = {
    volume: v.error,
    price: c.pending ? checkPendingPrice(c.price, c.direction, c.quote) : undefined,
    stopLoss: checkStopLoss(stopLoss, c.stopLossOn),
    takeProfit: checkTakeProfit(takeProfit, c.takeProfitOn),
  };
  if (!v.error) {
    // The server refuses (203) unless the cash covers the margin and the fee.
    const d = derive(next);
    errors.balance = checkBalance(costOf(d.margin, d.fee), c.balance?.balanceAmount);
  }
  for (const k of Object.keys(errors) as Array<keyof typeof errors>)
    if (!errors[k]) delete errors[k];
  return { volume: v.value, stopLoss, takeProfit, errors };
}

/** The context once a product load's results are in. */
export const loaded = (c: MarketOrderContext, out: ProductLoad): MarketOrderContext => {
  const next = { ...c, ...applyProduct(c, out) };
  return { ...next, ...derive(next) };
};

export const payload = (c: MarketOrderContext): PlaceInput => ({
  demo: c.demo,
  tradePair: c.symbol,
  price: Number(c.pending ? c.price : (entryPrice(c.direction, false, '', c.quote) ?? 0)),
  stopPrice: c.stopLossOn ? Number(c.stopLoss) : null,
  takeProfitPprice: c.takeProfitOn ? Number(c.takeProfit) : null,
  orderQuantity: Number(c.volume),
  multiple: leverageOf(c.info),
  orderType: c.direction,
  buyPoint: c.pending ? 1 : 2,
});
