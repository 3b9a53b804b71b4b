/** Payload schemas of the user-centre calls (user-centre.md §7). */
import type { CallName } from '../../api/contract.ts';
import { file, ident, idList, jsonText, none, numeric, payload, text } from './fields.ts';
import type { CallSchema } from './schema.ts';

const pageLimit = { page: numeric, limit: numeric };
const pageNum = { pageNum: numeric, pageSize: numeric };
const transfer = payload({
  curr: ident,
  currId: ident,
  type: numeric,
  num: numeric,
  fee: numeric,
  practical: numeric,
  unit: ident,
});
const kyc = payload({
  metaData: jsonText,
  realName: text,
  idCard: text,
  idType: ident,
  authEmail: text,
  cardImgFront: file,
  cardImgReverse: file,
  cardImgAvatar: file,
});
// Bank card fields travel encoded with the session's key, so they are free text here.
const card = {
  bankName: text,
  bankCode: text,
  bankAddress: text,
  swiftCode: text,
  branchCode: text,
  bankCountry: text,
  name: text,
  account: text,
  address: text,
  postCode: text,
  idNumber: text,
  phoneNumber: text,
  accountType: text,
  insNum: text,
  traNum: text,
};
const loan = { loanId: ident, loanUid: ident };

export const accountSchemas = {
  infoSubmit: payload({ avatar: file, metaData: jsonText }),
  passwordSubmit: payload({ oldPassword: text, newPassword: text, metaData: jsonText }),
  auth: none,
  authSubmit: kyc,
  juniorAuth: none,
  juniorAuthSubmit: kyc,
  userNotification: payload(pageLimit),
  userUpdateNotification: payload({ ids: idList }),
  transformWalletCalculate: transfer,
  transformWallet: transfer,
  myWalletBalance: none,
  walletRecord: payload({ ...pageLimit, type: numeric }),
  userWallet: payload(pageNum),
  currencySimpleCoinNet: none,
  userSelfWallet: none,
  addUserWallet: payload({ currencyId: ident, cryptocurrencyAddress: text }),
  deleteUserWallet: payload({ walletId: ident }),
  userDeposit: payload({ metaData: jsonText, depositProof: file }),
  rechargeStatus: none,
  withdrawStatus: none,
  withdrawWalletCalculate: payload({ currencyId: ident, coinId: ident, num: numeric }),
  withdrawBankCardCalculate: payload({ currencyId: ident, num: numeric }),
  userWithdraw: payload({
    num: numeric,
    practicalNum: numeric,
    currencyId: ident,
    coinId: ident,
    paymentAddress: text,
    userBankId: ident,
    withdrawType: numeric,
    locale: ident,
  }),
  currencyBanckCardCoinNet: none,
  userBankCardList: payload({ ...pageNum, ...pageLimit }),
  userBankCard: payload({ id: ident }),
  addUserBankCard: payload(card),
  editUserBankCard: payload({ id: ident, ...card }),
  deleteUserBankCard: payload({ id: ident }),
  uesrRecharge: payload({ ...pageNum, type: numeric, status: numeric }),
  userLoanCheck: none,
  addUserLoan: payload({ amount: numeric, days: numeric, guarantor: text, remark: text }),
  userLoanRepay: payload(loan),
  addUserLoanRepay: payload({ ...loan, amount: numeric }),
  bindEmailSubmit: payload({ email: text }),
  bindEmailConfirm: payload({ code: text }),
} satisfies Partial<Record<CallName, CallSchema>>;
