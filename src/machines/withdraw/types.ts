/** Types of the withdraw machine (../withdrawMachine.ts): targets, context, events, actor results. */
import type { CallResult } from '../../api/client.ts';
import type { FeeInfo, WithdrawBankPayload, WithdrawCryptoPayload } from '../../api/types/user.ts';
import type { Limits } from '../validation/wallet.ts';
import type { Notice } from '../notice.ts';

export type WithdrawTab = 'crypto' | 'bank_card';

/** Where the money goes: a saved wallet, a coin network (typed address) or a bank card. */
export interface WithdrawTarget {
  /** walletId, coin-network id or card id. */
  id: string;
  kind: 'wallet' | 'coin' | 'card';
  /** Sent to the calculation (and, for wallets and coins, the withdrawal). */
  currencyId: string;
  /** The coin the amount is in (USD for bank cards). */
  coin: string;
  protocol?: string;
  /** A saved wallet's address, decoded, for the confirmation. */
  address?: string;
  logoUrl?: string;
  bankName?: string;
  /** The card's account, decoded (the list shows its last 4 digits). */
  account?: string;
  min: number;
  max: number;
}

export interface WithdrawInput {
  /** The site's withdraw methods, in tab order. */
  methods: WithdrawTab[];
  /** Flag user/bankCard. */
  bankCard?: boolean;
  /** Flag NO_WALLET_WITHDRAW. */
  noWallet?: boolean;
  /** Sent with the withdrawal. */
  locale?: string;
}

export interface WithdrawContext {
  tabs: WithdrawTab[];
  /** More than one method: the tabs show. */
  showTabs: boolean;
  tab: WithdrawTab;
  noWallet: boolean;
  locale: string;
  targets: WithdrawTarget[];
  targetId: string | undefined;
  /** Bounds of the chosen target, for the limit message. */
  limits: Limits | undefined;
  amount: string;
  /** Typed payment address (NO_WALLET_WITHDRAW). */
  address: string;
  /** The last calculation: fee, practical, afterBalance… */
  fee: FeeInfo | undefined;
  errors: { amount?: string; address?: string };
  /** 1066, 1067 or 1070 when locked. */
  lockCode: number | undefined;
  /** A submission is under way (repeat submits are blocked). */
  submitting: boolean;
  failure: number | undefined;
  notice: Notice | undefined;
}

export type WithdrawEvent =
  | { type: 'tab.select'; tab: WithdrawTab }
  | { type: 'target.select'; id: string }
  | { type: 'field.change'; field: 'amount' | 'address'; value: string }
  /** Max beside the amount: the largest amount the limits and the balance allow (withdraw/max.ts). */
  | { type: 'amount.max' }
  | { type: 'form.submit' }
  | { type: 'load.retry' }
  | { type: 'status.refresh' };

export type { MaxResult } from './max.ts';
export type StatusResult = CallResult<'withdrawStatus'>;
export type CalcResult =
  CallResult<'withdrawWalletCalculate'> | CallResult<'withdrawBankCardCalculate'>;
export type SubmitResult = CallResult<'userWithdraw'>;
/** The targets of a tab; `metaMissing` when the bank-card limits could not be read. */
export interface TargetsResult {
  code: number;
  data: WithdrawTarget[] | null;
  metaMissing?: boolean;
}
export interface LoadInput {
  tab: WithdrawTab;
  noWallet: boolean;
}
export interface CalcInput {
  tab: WithdrawTab;
  payload: { currencyId: string; coinId?: string; num: string };
}
export type SubmitInput = WithdrawCryptoPayload | WithdrawBankPayload;
/** What Max needs: the calculation's target (as `calculate`) and the target's limits. */
export interface MaxInput {
  tab: WithdrawTab;
  payload: Omit<CalcInput['payload'], 'num'>;
  limits: Limits;
}
