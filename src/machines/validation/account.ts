/**
 * User-centre rules of user-centre.md §5 (profile, password, crypto address,
 * bank card, loan, bind e-mail). Each check returns the spec's message key, or
 * undefined when the value is fine. Limits come in as arguments: the machines
 * own their constants.
 */
import { checkNewPassword, isEmail, isPhone, normalisePhone } from './access.ts';

/** Profile: a nickname is required. */
export const checkNickname = (nick: string): string | undefined =>
  nick.trim() === '' ? 'p_t_nickname' : undefined;

/** The extension of a file name, lower case ('' when none). */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Images: an allowed extension (illegal_extension), at most `maxBytes` (upload_limit). */
export function checkImage(
  file: { name: string; size: number },
  rules: { extensions: readonly string[]; maxBytes: number },
): string | undefined {
  if (!rules.extensions.includes(extensionOf(file.name))) return 'illegal_extension';
  if (file.size > rules.maxBytes) return 'upload_limit';
  return undefined;
}

/** Change password: old and new at least 7 characters. */
export const checkPasswordLength = (password: string): string | undefined =>
  checkNewPassword(password);

/** Change password: the repeat must equal the new password. */
export const checkRepeat = (password: string, repeat: string): string | undefined =>
  password === repeat ? undefined : 'confirmPsdTip';

/** Add crypto address: a network must be chosen. */
export const checkCoinNet = (id: string | undefined): string | undefined =>
  id ? undefined : 'p_choose_coin_network';

/** Add crypto address: an address is required. */
export const checkCryptoAddress = (address: string): string | undefined =>
  address.trim() === '' ? 'p_t_crypto_address' : undefined;

/**
 * Bank card phone: optional; a number typed before an area code was chosen
 * ('+ 123', user-centre.md §5 "choose an area code first"); when given, a
 * valid international number.
 */
export function checkOptionalPhone(phone: string): string | undefined {
  if (normalisePhone(phone) === '') return undefined;
  if (/^\+\s/.test(phone)) return 'choose_area_code_first';
  return isPhone(phone) ? undefined : 'wrong_phone_number';
}

/** Bank card phone as stored: no leading plus, no spaces. */
export const storedPhone = (phone: string): string => (phone.trim() ? normalisePhone(phone) : '');

export interface BankCardErrors {
  bankName?: string;
  name?: string;
  account?: string;
  phoneNumber?: string;
}

/** Bank card save: bank name, payee name and account required; phone valid if given. */
export function checkBankCard(f: {
  bankName: string;
  name: string;
  account: string;
  phoneNumber: string;
}): BankCardErrors {
  const e: BankCardErrors = {
    bankName: f.bankName.trim() ? undefined : 'p_t_bank_name',
    name: f.name.trim() ? undefined : 'p_t_payee_name',
    account: f.account.trim() ? undefined : 'p_t_bank_account',
    phoneNumber: checkOptionalPhone(f.phoneNumber),
  };
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v));
}

/** Loan request: a guarantor UID is required. */
export const checkGuarantor = (uid: string): string | undefined =>
  uid.trim() === '' ? 'p_loan_guarantor' : undefined;

/** Loan repayment: the amount must not be zero. */
export const checkRepayment = (amount: number): string | undefined =>
  amount > 0 ? undefined : 'p_loan_repayment_no_zero';

/** Bind e-mail: an e-mail pattern, at most 140 characters. */
export const checkBindEmail = (email: string): string | undefined =>
  isEmail(email) ? undefined : 'wrong_email';

/**
 * A slider value: snapped to the nearest step from `min`, kept within
 * [min, max]; the maximum itself is always reachable (even off-step).
 */
export function snap(value: number, min: number, max: number, step: number): number {
  if (!Number.isFinite(value) || max <= min) return min;
  if (value >= max) return max;
  if (value <= min) return min;
  const v = min + Math.round((value - min) / step) * step;
  return Math.min(max, v);
}
