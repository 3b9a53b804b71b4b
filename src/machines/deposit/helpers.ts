/** The deposit machine's constants and pure helpers: the kept form, output reader, form errors. */
import {
  checkAgreement,
  checkDepositAmount,
  checkDepositMinimum,
  checkProof,
  usdPriceOf,
} from '../validation/wallet.ts';
import type { DepositContext, DepositForm } from './types.ts';
export { outputOf } from '../events.ts';

export { AMOUNT_DECIMALS, DEPOSIT_MIN_USD } from '../../config/constants.ts';
/** Where the form waits while the agreement page is open. */
export const DEPOSIT_FORM_KEY = 'depositForm';

/** The form kept in session storage, if any (read by the app for `restored`). */
export function restoreDepositForm(): DepositForm | undefined {
  try {
    const raw = globalThis.sessionStorage?.getItem(DEPOSIT_FORM_KEY);
    return raw ? (JSON.parse(raw) as DepositForm) : undefined;
  } catch {
    return undefined;
  }
}

export const formOf = (c: DepositContext): DepositForm => ({
  tab: c.tab,
  coinId: c.coinId,
  amount: c.amount,
  proof: c.proof,
  agreed: c.agreed,
  step: c.step,
});

/** The chosen coin's USD price, when known. */
export const priceOf = (c: DepositContext): number | undefined => {
  const coin = coinOf(c);
  return coin ? usdPriceOf(coin.currency, c.prices) : undefined;
};

export const errorsOf = (c: DepositContext): DepositContext['errors'] => {
  const e = {
    // The minimum is checked here, before anything is sent (the proof goes with the deposit).
    amount: checkDepositAmount(c.amount) ?? checkDepositMinimum(c.amount, priceOf(c), c.minUsd),
    proof: checkProof(!!c.proof),
    agreement: checkAgreement(c.agreed),
  };
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v));
};

export const coinOf = (c: DepositContext) => c.coins.find((n) => n.id === c.coinId);

export const empty = {
  amount: '',
  proof: undefined,
  agreed: false,
  errors: {},
  pending: undefined,
};
