/**
 * The mutations scripts/mutation-audit.ts runs (gathered in ./index.ts): each breaks exactly one rule
 * of a `works` row of docs/conformance.md, and names the unit test files the
 * row cites. `search` must occur exactly once in `file`; when the source
 * moves, update it here (the audit says "search text not found").
 */
export interface Mutation {
  /** docs/conformance.md row id. */
  row: string;
  /** What the mutation breaks, as the table prints it. */
  what: string;
  file: string;
  search: string;
  replace: string;
  /** The row's cited unit test files (run whole, one vitest run). */
  tests: string[];
}

export const U = 'tests/unit/';
export const ACCESS = `${U}machines/access/access-rules.test.ts`;
export const LOGIN = `${U}machines/access/login-rules.test.ts`;
export const TRADING = `${U}machines/trading/trading-rules.test.ts`;
export const SUBMIT = `${U}machines/trading/market-submit.test.ts`;
export const PREVIEW = `${U}machines/trading/stop-preview.test.ts`;
export const NUMBER = `${U}machines/trading/number-input.test.ts`;
export const WALLET_RULES = `${U}machines/wallet/wallet-rules.test.ts`;
export const ACCOUNT_RULES = `${U}machines/account/account-rules.test.ts`;
export const PLACE = `${U}simulator/trading/place.test.ts`;
export const MANAGE = `${U}simulator/trading/manage.test.ts`;
export const OPTIONS = `${U}simulator/trading/options.test.ts`;
export const SIM_WALLET = `${U}simulator/account/wallet.test.ts`;
export const SIM_WITHDRAW = `${U}simulator/account/withdraw.test.ts`;
export const SIM_LOANS = `${U}simulator/account/loans.test.ts`;
export const CLIENT = `${U}api/client.test.ts`;
export const RENEWAL = `${U}api/client-renewal.test.ts`;
export const HOURS = `${U}api/hours.test.ts`;
export const REALTIME = `${U}machines/realtime.test.ts`;
export const LIMITS = `${U}ui/limits.test.ts`;
export const AMOUNTS = `${U}machines/wallet/amount-inputs.test.ts`;
/** The order form's numbers against the books' for random inputs. */
export const APP_VS_BOOKS = `${U}machines/trading/app-vs-books.property.test.ts`;
/** The deposit form's minimum against the books'. */
export const DEPOSIT_VS_BOOKS = `${U}machines/wallet/deposit-vs-books.property.test.ts`;
export const OPTION_ORDER = `${U}machines/trading/option-order.test.ts`;
export const RULES = 'src/api/order-rules.ts';

export const V = 'src/machines/validation/';
export const T = 'src/simulator/modules/trading/';
export const A = 'src/simulator/modules/account/';
