/** The market order machine's pure helpers: output reader, margin, submit validation, payload. */
import {
  applyProduct,
  checkBalance,
  checkPendingPrice,
  checkStopLoss,
  checkStopSide,
  checkTakeProfit,
  costOf,
  entryPrice,
  feeOf,
  leverageOf,
  marginOf,
  pendingRange,
  settleVolume,
  stopPreview,
  stopReference,
  type ProductLoad,
} from '../validation/trading.ts';
import type { MarketOrderContext, PlaceInput } from './types.ts';
export { outputOf } from '../events.ts';

/**
 * What the form shows for the context's current values: the margin and fee,
 * and beside the pending price and the stops the range each must lie in and
 * the P&L at each stop (issue 25: the range is shown, never enforced by
 * rewriting the value).
 */
export const derive = (
  c: MarketOrderContext,
): Pick<MarketOrderContext, 'margin' | 'fee' | 'preview'> => {
  const entry = entryPrice(c.direction, c.pending, c.price, c.quote);
  const ref = stopReference(c.direction, c.pending, c.price, c.quote);
  const at = {
    direction: c.direction,
    pending: c.pending,
    ref,
    entry,
    volume: c.volume,
    info: c.info,
  };
  return {
    margin: marginOf(entry, c.volume, c.info),
    fee: feeOf(entry, c.volume, c.info),
    preview: {
      price: pendingRange(c.direction, c.quote),
      stopLoss: stopPreview('stopLoss', c.stopLoss, at),
      takeProfit: stopPreview('takeProfit', c.takeProfit, at),
    },
  };
};

/** A stop's error on leaving its field or at submit: empty or zero, else the wrong side (§8 308–315). */
export function stopError(
  c: MarketOrderContext,
  kind: 'stopLoss' | 'takeProfit',
): string | undefined {
  const on = kind === 'stopLoss' ? c.stopLossOn : c.takeProfitOn;
  if (!on) return undefined;
  const empty =
    kind === 'stopLoss' ? checkStopLoss(c.stopLoss, true) : checkTakeProfit(c.takeProfit, true);
  const ref = stopReference(c.direction, c.pending, c.price, c.quote);
  return empty ?? checkStopSide(kind, c[kind], c.direction, c.pending, ref);
}

/**
 * Every rule checked at submit, against the values just re-fetched (§4
 * "Values are re-fetched before submit"): the volume settled into its range,
 * then the checks; a stop the re-fetched quote has put on the wrong side is
 * refused with the server's code, as typed (issue 25 reverses the clamp).
 * Returns the volume to place and the errors.
 */
export function validate(c: MarketOrderContext): {
  volume: string;
  errors: MarketOrderContext['errors'];
} {
  const v = settleVolume(c.volume, c.info);
  const next = { ...c, volume: v.value };
  const errors: MarketOrderContext['errors'] = {
    volume: v.error,
    price: c.pending ? checkPendingPrice(c.price, c.direction, c.quote) : undefined,
    stopLoss: stopError(c, 'stopLoss'),
    takeProfit: stopError(c, 'takeProfit'),
  };
  if (!v.error) {
    // The server refuses (203) unless the cash covers the margin and the fee.
    const d = derive(next);
    errors.balance = checkBalance(costOf(d.margin, d.fee), c.balance?.balanceAmount);
  }
  for (const k of Object.keys(errors) as Array<keyof typeof errors>)
    if (!errors[k]) delete errors[k];
  return { volume: v.value, errors };
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
