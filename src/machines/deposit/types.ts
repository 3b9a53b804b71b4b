/**
 * The deposit flow's kept form, context, events and the actors' results
 * (machine.ts is the flow itself; actors.ts and the view read these).
 */
import type { CallResult } from '../../api/client.ts';
import type { CoinNet } from '../../api/types/user.ts';
import type { FileMeta, ImageValue } from '../validation/wallet.ts';

export type DepositTab = 'crypto' | 'bank';

/** What is kept while the agreement is read. */
export interface DepositForm {
  tab: DepositTab;
  coinId: string | undefined;
  amount: string;
  proof: ImageValue | undefined;
  agreed: boolean;
  step: 1 | 2;
}

export interface DepositInput {
  /** The site's deposit types, in tab order. */
  types: DepositTab[];
  /** Flag depositHideCrypto. */
  hideCrypto?: boolean;
  /** Flag depositHideQRCode. */
  hideQRCode?: boolean;
  /** 1: the user deposits from own wallets. */
  walletType?: number;
  /** Sent in metaData. */
  locale?: string;
  /** The form kept while /user/agreement was open ({@link restoreDepositForm}). */
  restored?: DepositForm;
  /** Smallest deposit in USD (default DEPOSIT_MIN_USD, §9). */
  minUsd?: number;
  /** Flag depositBanNewFlow: no new deposit while the latest one is in review. */
  banNewFlow?: boolean;
}

type Field = 'amount' | 'proof' | 'agreement';

/** A bank card of the bank tab. */
export interface DepositBankCard {
  id: string;
  bankName: string;
  /** Decoded; the view shows its last 4 digits. */
  account: string;
}

export interface DepositContext {
  tabs: DepositTab[];
  tab: DepositTab;
  showQR: boolean;
  walletType: number;
  locale: string;
  /** Coin and network options of step one. */
  coins: CoinNet[];
  /** USD prices of the offered coins that are quoted (USD and USDT are 1 without one). */
  prices: Record<string, number>;
  /** Smallest deposit in USD: shown on both steps, checked before submitting. */
  minUsd: number;
  /** The bank tab's cards. */
  bankCards: DepositBankCard[];
  coinId: string | undefined;
  amount: string;
  proof: ImageValue | undefined;
  agreed: boolean;
  step: 1 | 2;
  /** The proof file being read. */
  pending: FileMeta | undefined;
  errors: Partial<Record<Field, string>>;
  failure: number | undefined;
  /** The form is in session storage (the agreement page is open). */
  stored: boolean;
  /** Started from a kept form. */
  restored: boolean;
  /** Times customer service was asked for (bank tab). */
  serviceRequests: number;
  /** Times the address was copied (each is announced: copy_success). */
  copies: number;
  /** Flag depositBanNewFlow. */
  banNewFlow: boolean;
  /** The recharge status was read (with banNewFlow); what it said of the latest deposit. */
  recharge: { payState: number | null } | undefined;
  /** The deposit just made, shown on the result step (`crypto.submitted`). */
  result: DepositReceipt | undefined;
}

/** What the result step shows of a deposit the server accepted (it stays in review). */
export interface DepositReceipt {
  amount: string;
  /** The coin, e.g. USDT. */
  currency: string;
  /** The network, e.g. TRC20. */
  protocol: string;
  /** When the server accepted it (server time, ms). */
  at: number;
}

export type DepositEvent =
  | { type: 'tab.select'; tab: DepositTab }
  | { type: 'coin.select'; id: string }
  | { type: 'address.copy' }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'field.change'; field: 'amount'; value: string }
  | { type: 'proof.select'; file: FileMeta; blob: Blob }
  | { type: 'proof.remove' }
  | { type: 'agreement.toggle' }
  | { type: 'agreement.open' }
  | { type: 'navigate.away' }
  | { type: 'service.open' }
  | { type: 'form.submit' }
  | { type: 'load.retry' }
  | { type: 'status.refresh' }
  | { type: 'deposit.new' };

/** The coin list, with the USD prices of its coins where the market quotes them. */
export type CoinsResult = (CallResult<'currencySimpleCoinNet'> | CallResult<'userSelfWallet'>) & {
  prices?: Record<string, number>;
};
/** The server's reply, and when it came (server time, ms; the reply itself has no time). */
export type SubmitResult = CallResult<'userDeposit'> & { at?: number };
export type RechargeResult = CallResult<'rechargeStatus'>;
/** The user's cards, decoded. */
export interface CardsResult {
  code: number;
  data: DepositBankCard[] | null;
}
export interface DepositSubmitInput {
  metaData: string;
  /** Data URL of the proof. */
  proof: string;
}
