/** User-centre entities of user-centre.md §3, field names as the spec spells them. */
import type { Balance, AccountType } from './trading.ts';

export interface User {
  uid: string;
  nick: string;
  /** The bound e-mail (a phone account's may still wait for its proof: see `emailPending`). */
  email?: string;
  /**
   * Extension: `email` was bound but not proved yet (bindEmailConfirm); until
   * then it is no sign-in name.
   */
  emailPending?: boolean;
  phone?: string;
  areaCode?: string;
  /** 'P' registered by phone, 'E' by e-mail. */
  registerType: AccountType;
  inviteCode: string;
  /** Avatar path, fetched with the token. */
  avator?: string;
  /** 1 means the user deposits from self wallets. */
  walletType?: number;
  account: Balance;
  totalAssets?: number;
  /** '0' real, otherwise demo (mirrors the token). */
  virtualStatus?: string;
}

/** -1 not loaded, 0 not submitted, 1 authenticating, 2 authenticated, 3 failed. */
export type VerifiedStatus = -1 | 0 | 1 | 2 | 3;
/** 0 id card, 1 passport, 2 driving licence. */
export type IdType = 0 | 1 | 2;

export interface VerificationRecord {
  realName: string;
  idCard: string;
  authEmail?: string;
  idType?: IdType;
  verifiedStatus: VerifiedStatus;
  cardImgAvatar?: string;
  cardImgFront?: string;
  cardImgReverse?: string;
  /** Failure reason, shown when status is 3. */
  remark?: string;
}

export interface Notification {
  id: string;
  /** 0 unread. */
  readStatus: 0 | 1;
  alarmType: number;
  /** 4: uses its own title and content. */
  actionType: number;
  title: string;
  content: string;
  remark?: string;
  timeStamp: number;
  paymentPrice?: number;
}

export interface PageData<T> {
  list: T[];
  pages: number;
}

export interface WalletItem {
  currency: string;
  currencyId: string;
  balance: string;
  unit: string;
  usdBalance: string;
  icon: string;
}
export interface WalletBalanceData {
  list: WalletItem[];
  totalBalance: string;
}

/** 0 in, 1 out. */
export interface TransferForm {
  curr: string;
  currId: string;
  type: 0 | 1;
  num: string;
  fee?: string;
  practical?: string;
  unit?: string;
}
export interface TransferCalc {
  fee: string;
  practical: string;
}

export interface WalletRecord {
  /** 0 in, 1 out, 2 order. */
  orderType: 0 | 1 | 2;
  currency: string;
  uid: string;
  orderQuantity: string;
  unit: string;
  orderTime: number;
}

export interface SavedCryptoAddress {
  walletId: string;
  currencyId: string;
  currencyName: string;
  protocol: string;
  /** Encoded with the token's aesKey on the wire. */
  cryptocurrencyAddress: string;
  logoUrl: string;
  minWithdrawAmount: number;
  maxWithdrawAmount: number;
}

export interface CoinNet {
  id: string;
  currency: string;
  protocol: string;
  address: string;
  said: string;
  logoUrl: string;
  minWithdrawAmount?: number;
  maxWithdrawAmount?: number;
}

export type FeeType = 'PERCENTAGE' | 'FIX_AMOUNT' | '';
export interface FeeInfo {
  feeType: FeeType | string;
  feeNum: string;
  feeUsd: string;
  practical: string;
  isOver: boolean;
  afterBalance: string;
}

export interface WithdrawCryptoPayload {
  num: string;
  practicalNum: string;
  currencyId: string;
  coinId?: string;
  /** Encoded with the token's aesKey. */
  paymentAddress?: string;
  locale: string;
}
export interface WithdrawBankPayload {
  num: string;
  practicalNum: string;
  userBankId: string;
  withdrawType: 1;
  locale: string;
}

export interface BankCardMeta {
  id: string;
  minWithdrawAmount: number;
  maxWithdrawAmount: number;
}

/** name, account, address, idNumber and phoneNumber are encoded on the wire. */
export interface BankCard {
  id: string;
  bankName: string;
  bankCode?: string;
  bankAddress?: string;
  swiftCode?: string;
  branchCode?: string;
  bankCountry?: string;
  name: string;
  account: string;
  address?: string;
  postCode?: string;
  idNumber?: string;
  phoneNumber?: string;
  accountType?: string;
  insNum?: string;
  traNum?: string;
}
export type BankCardInput = Omit<BankCard, 'id'>;

export type PageNumPayload = { pageNum: number; pageSize: number };
export type PageLimitPayload = { page: number; limit: number };

/** 0 deposit, 1 withdraw; payState 0 waiting, 1 success, 2 fail. */
export interface DepositWithdrawRecord {
  id: string;
  payPrice: string;
  actionType: 0 | 1;
  depositUsdPrice?: string;
  withdrawUsdPrice?: string;
  submitTimeTs: number;
  payState: number;
  currency?: string;
  remark?: string;
}

/** Loan status: null (treated as 100) none yet, 0 in review, 1 active, 2 rejected, 3 repaid, 4 overdue. */
export interface Loan {
  id: string;
  uid: string;
  amount: number;
  days: number;
  guarantor: string;
  repaymentDate: number | null;
  status: number | null;
  remark?: string;
}
export interface LoanRequest {
  amount: number;
  days: number;
  guarantor: string;
  remark: string;
}
/** 0 under review, 1 approved, 2 rejected. */
export interface Repayment {
  amount: number;
  amountOwed: number;
  status: 0 | 1 | 2;
  createTime: number;
}
export interface LoanRef {
  loanId: string;
  loanUid: string;
}
