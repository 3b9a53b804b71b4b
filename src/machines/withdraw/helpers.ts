/** The withdraw machine's constants and pure helpers: output reader, target lookups, payloads. */
import { checkWithdrawAmount, type Limits } from '../validation/wallet.ts';
import type { CalcInput, SubmitInput, WithdrawContext, WithdrawTarget } from './types.ts';
export { outputOf } from '../events.ts';

export { AMOUNT_DECIMALS } from '../../config/constants.ts';
/** Status codes meaning a request is already submitted: the form locks (§4, §8). */
export const WITHDRAW_LOCK_CODES: readonly number[] = [1066, 1067, 1070];
/**
 * The title of a lock, by its reason (issue 25 item 5): the spec's "already
 * submitted" (withdraw_already_submitted, §4) fits a request in review
 * (1067); an account on hold (1066) or open positions (1070) get a title
 * that says so. The code's own message shows under it in every case.
 */
export const lockTitleKey = (code: number | undefined): string =>
  code === 1066
    ? 'wallet_ui.lock_1066'
    : code === 1070
      ? 'wallet_ui.lock_1070'
      : 'withdraw_already_submitted';
/** Message key of the spec's 'bank card meta not found.' (the bank-card limits could not be read, §7). */
export const BANK_META_MISSING = 'bank_card_meta_not_found';

export const targetOf = (c: WithdrawContext, id = c.targetId) => c.targets.find((t) => t.id === id);
export const limitsOf = (t: WithdrawTarget | undefined): Limits | undefined =>
  t && { min: t.min, max: t.max, coin: t.coin };

export const inBounds = (amount: string, limits: Limits | undefined) =>
  !!limits && !checkWithdrawAmount(amount, limits);

export const calcPayload = (c: WithdrawContext): CalcInput['payload'] => {
  const t = targetOf(c);
  return {
    currencyId: t?.currencyId ?? '',
    ...(t?.kind === 'coin' ? { coinId: t.id } : {}),
    num: c.amount,
  };
};

export const submitPayload = (c: WithdrawContext): SubmitInput => {
  const t = targetOf(c);
  const base = { num: c.amount, practicalNum: String(c.fee?.practical ?? ''), locale: c.locale };
  if (t?.kind === 'card') return { ...base, userBankId: t.id, withdrawType: 1 };
  if (t?.kind === 'coin') {
    return { ...base, currencyId: t.id, coinId: t.id, paymentAddress: c.address.trim() };
  }
  return { ...base, currencyId: t?.currencyId ?? '' };
};

export const cleared = {
  amount: '',
  address: '',
  fee: undefined,
  errors: {},
  submitting: false,
};
