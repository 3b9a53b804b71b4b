/** The option order machine's pure helpers: output reader, delivery term, submit validation, payload. */
import Big from 'big.js';
import {
  checkAmount,
  checkBalance,
  checkDelivery,
  optionLoadFailure,
  optionProductOf,
  parseDeliveryTimes,
  payoutRate,
  quoteOf,
  type DeliveryTime,
  type OptionLoad,
} from '../validation/trading.ts';
import type { OptionOrderContext, PlaceInput } from './types.ts';
export { outputOf } from '../events.ts';

export const termOf = (c: OptionOrderContext): DeliveryTime | undefined =>
  c.delivery === undefined ? undefined : c.deliveries[c.delivery];

/**
 * What placing takes from the balance: the amount plus the product's fee
 * (§3 option product feeRate, a fraction of the amount, rounded up to the cent).
 */
export const stakeOf = (c: Pick<OptionOrderContext, 'amount' | 'product'>): string => {
  const amount = new Big(c.amount || 0);
  return amount.plus(amount.times(c.product?.feeRate ?? 0).round(2, Big.roundUp)).toFixed(2);
};

/** Every rule checked at submit, against the values just re-fetched. */
export function validateOption(c: OptionOrderContext): OptionOrderContext['errors'] {
  const term = termOf(c);
  const errors: OptionOrderContext['errors'] = {
    delivery: checkDelivery(term),
    amount: checkAmount(c.amount, term),
  };
  if (!errors.amount) errors.balance = checkBalance(stakeOf(c), c.balance?.balanceAmount);
  for (const k of Object.keys(errors) as Array<keyof typeof errors>)
    if (!errors[k]) delete errors[k];
  return errors;
}

/** The context once a load's results are in (a failed load keeps what was known). */
export function loaded(c: OptionOrderContext, l: OptionLoad): OptionOrderContext {
  if (optionLoadFailure(l) !== undefined) return c;
  const product = optionProductOf(l) ?? null;
  const deliveries = parseDeliveryTimes(product?.timeRatePayload);
  // Keep the chosen delivery time when it is still offered.
  const chosen = termOf(c);
  const i = chosen ? deliveries.findIndex((d) => d.timeLong === chosen.timeLong) : -1;
  const delivery = i >= 0 ? i : undefined;
  const term = delivery === undefined ? undefined : deliveries[delivery];
  return {
    ...c,
    product,
    deliveries,
    delivery,
    chips: term?.chips ?? [],
    payoutRate: payoutRate(term),
    quote: quoteOf(l.quote, c.quote),
    balance: l.balance.data ?? c.balance,
  };
}

export const payload = (c: OptionOrderContext): PlaceInput => {
  const term = termOf(c) as DeliveryTime;
  return {
    demo: c.demo,
    tradePair: c.symbol,
    optionsProductId: c.product?.id ?? '',
    price: c.quote?.price ?? 0,
    timeLong: term.timeLong,
    btime: c.quote?.time ?? 0,
    rate: term.profitRate,
    amount: Number(c.amount),
    orderType: c.direction,
  };
};
