/** The market order machine's pure helpers: output reader, margin, submit validation, payload. */
import {
  applyProduct,
  checkBalance,
  checkPendingPrice,
  checkStopLoss,
  checkTakeProfit,
  entryPrice,
  leverageOf,
  marginOf,
  settleVolume,
  type ProductLoad,
} from '../validation/trading.ts';
import type { MarketOrderContext, PlaceInput } from './types.ts';
export { outputOf } from '../events.ts';

/** The margin for the context's current values. */
export const derive = (c: MarketOrderContext): Pick<MarketOrderContext, 'margin'> => ({
  margin: marginOf(entryPrice(c.direction, c.pending, c.price, c.quote), c.volume, c.info),
});

/** Every rule checked at submit, against the values just re-fetched. */
export function validate(c: MarketOrderContext): {
  volume: string;
  errors: MarketOrderContext['errors'];
} {
  const v = settleVolume(c.volume, c.info);
  const next = { ...c, volume: v.value };
  const errors: MarketOrderContext['errors'] = {
    volume: v.error,
    price: c.pending ? checkPendingPrice(c.price, c.direction, c.quote) : undefined,
    stopLoss: checkStopLoss(c.stopLoss, c.stopLossOn),
    takeProfit: checkTakeProfit(c.takeProfit, c.takeProfitOn),
  };
  if (!v.error) errors.balance = checkBalance(derive(next).margin, c.balance?.balanceAmount);
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
