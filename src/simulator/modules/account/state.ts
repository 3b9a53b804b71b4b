/**
 * The account module's section of the simulator state: wallet requests
 * (deposits and withdrawals), notifications, verification records, saved
 * addresses, bank cards, loans and repayments, wallet transfers, and the
 * back office's per-user and per-coin switches.
 *
 * `walletRequests[id]` keeps the shape documented in queries.ts
 * (`{ uid, actionType: 0 deposit | 1 withdraw, payState: 0 | 1 | 2 }`),
 * because the trading module asks about withdrawals in review (406).
 */
import type { BankCard, IdType, VerifiedStatus } from '../../../api/types/user.ts';
import type { SimContext } from '../../module.ts';
import type { UsersSlice } from '../../users.ts';
import type { IdentitySlice } from '../identity/state.ts';

/** Where a withdrawal goes. */
export type WithdrawTarget =
  | { kind: 'crypto'; coinNetId: string; address: string; walletId?: string }
  | { kind: 'bank'; cardId: string };

export interface WalletRequest {
  id: string;
  uid: string;
  /** 0 deposit, 1 withdraw. */
  actionType: 0 | 1;
  /** 0 in review, 1 success, 2 fail. */
  payState: 0 | 1 | 2;
  /** Coin code ('USDT', 'BTC', 'USD' for bank). */
  currency: string;
  coinNetId?: string;
  /** Amount in the coin's units, as submitted. */
  payPrice: string;
  /** USD value credited (deposit) or taken from the balance (withdrawal). */
  usd: string;
  fee?: string;
  feeType?: string;
  feeUsd?: string;
  practical?: string;
  target?: WithdrawTarget;
  /** Deposit proof image: a reference into the upload area (`upload:<id>`). */
  proof?: string;
  /** Self wallet the deposit came from (wallet-type 1 users). */
  said?: string;
  submitTimeTs: number;
  decidedAt?: number;
  /** Failure reason. */
  remark?: string;
}

export interface Notice {
  id: string;
  uid: string;
  readStatus: 0 | 1;
  alarmType: number;
  actionType: number;
  title: string;
  content: string;
  remark?: string;
  timeStamp: number;
  paymentPrice?: number;
}

export interface KycRecord {
  realName: string;
  idCard: string;
  idType?: IdType;
  authEmail?: string;
  verifiedStatus: VerifiedStatus;
  /** Images: references into the upload area (`upload:<id>`); served as data URLs. */
  cardImgFront?: string;
  cardImgReverse?: string;
  cardImgAvatar?: string;
  remark?: string;
  submittedAt?: number;
}

export interface SavedAddress {
  walletId: string;
  uid: string;
  coinNetId: string;
  /** Plain text here; encoded with the session's aesKey on the wire. */
  address: string;
  createdAt: number;
}

/**
 * Sensitive fields (SENSITIVE_BANK_FIELDS) are kept sealed here under the
 * state's vault key (auth/vault.ts) and encoded with the session's aesKey
 * on the wire; records saved before sealing have `sealed` unset (plain).
 */
export interface CardRecord extends BankCard {
  uid: string;
  createdAt: number;
  sealed?: true;
}

/** 0 in review, 1 active, 2 rejected, 3 repaid, 4 overdue. */
export type LoanStatus = 0 | 1 | 2 | 3 | 4;

export interface LoanRecord {
  id: string;
  uid: string;
  amount: number;
  days: number;
  guarantor: string;
  remark: string;
  status: LoanStatus;
  createdAt: number;
  approvedAt?: number;
  /** Due date (epoch ms) once approved. */
  repaymentDate: number | null;
  reason?: string;
}

export interface RepaymentRecord {
  id: string;
  loanId: string;
  uid: string;
  amount: number;
  /** What was owed when the repayment was submitted. */
  amountOwed: number;
  status: 0 | 1 | 2;
  createTime: number;
  reason?: string;
}

export interface TransferRecord {
  id: string;
  uid: string;
  /** 0 in (USD → coin), 1 out (coin → USD). */
  orderType: 0 | 1;
  currency: string;
  amount: string;
  fee: string;
  practical: string;
  usd: string;
  orderTime: number;
}

export interface SelfWallet {
  id: string;
  uid: string;
  coinNetId: string;
  address: string;
}

export interface AccountState {
  walletRequests: Record<string, WalletRequest>;
  notifications: Record<string, Notice>;
  kyc: Record<string, KycRecord>;
  junior: Record<string, KycRecord>;
  addresses: Record<string, SavedAddress>;
  cards: Record<string, CardRecord>;
  loans: Record<string, LoanRecord>;
  repayments: Record<string, RepaymentRecord>;
  transfers: Record<string, TransferRecord>;
  selfWallets: Record<string, SelfWallet>;
  /** Users flagged by the back office: withdrawals answer 1066. */
  anomaly: Record<string, boolean>;
  /** Coin networks switched off by the back office: withdrawals to them answer 1047. */
  disabledCoinNets: Record<string, boolean>;
}

/** The account module's section of the state (state.ts composes it). */
export interface AccountSlice {
  account: AccountState;
}

/**
 * The sections the account module reads: its own, the users', and
 * identity's (e-mail binding and password changes send and check codes there).
 */
export type AccountNeeds = AccountSlice & IdentitySlice & UsersSlice;

/** The account module's context. */
export type AccountContext = SimContext<AccountNeeds>;

/** The section's maps (each entry is one stored unit, see persist/units.ts). */
export const ACCOUNT_MAPS = [
  'walletRequests',
  'notifications',
  'kyc',
  'junior',
  'addresses',
  'cards',
  'loans',
  'repayments',
  'transfers',
  'selfWallets',
  'anomaly',
  'disabledCoinNets',
] as const;

/** Create the section when missing (new or older saved state). */
export function initAccount(ctx: AccountContext): void {
  const s = (ctx.state.account ??= {} as AccountState);
  for (const k of ACCOUNT_MAPS) s[k] ??= {};
}

/** A user's records of one kind. */
export const mine = <T extends { uid: string }>(all: Record<string, T>, uid: string): T[] =>
  Object.values(all).filter((r) => r.uid === uid);
