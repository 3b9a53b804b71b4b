/**
 * Wallet-area rules of user-centre.md §5 (verification, deposit, transfer,
 * withdraw, images). Each check returns the spec's message key, or undefined
 * when the value is fine. Input sanitisers return the cleaned text.
 *
 * Images travel through the machines as data URLs (context stays
 * JSON-serialisable); {@link readImage} and {@link dataUrlToBlob} convert at
 * the edges.
 */
import Big from 'big.js';
import { decodeSensitive, toBase64 } from '../../api/aes-codec.ts';
import type { FeeInfo } from '../../api/types/user.ts';
import { belowDepositMinimum } from '../../api/wallet-rules.ts';
import { isEmail } from './access.ts';
import { checkImage as checkImageBy } from './account.ts';
import { sanitizeNumber } from './number-input.ts';

// ---- images (§5 "Images", §9 "Image max")

/** Allowed image extensions (§5). */
export const IMAGE_EXTENSIONS = ['heic', 'jpg', 'jpeg', 'png'] as const;
/** Largest image accepted: 10 MB (§9). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** What a view knows about a chosen file (File.name, .size, .type). */
export interface FileMeta {
  name: string;
  size: number;
  type: string;
}

/** A chosen image, ready to send: its metadata and its bytes as a data URL. */
export interface ImageValue extends FileMeta {
  url: string;
}

/**
 * illegal_extension (the text lists heic, jpg, jpeg, png) or upload_limit (the text shows 10 MB):
 * the profile's rule (account.ts) with the wallet's images' limits.
 */
export const checkImage = (file: FileMeta): string | undefined =>
  checkImageBy(file, { extensions: IMAGE_EXTENSIONS, maxBytes: IMAGE_MAX_BYTES });

/** The picture format of some bytes (PNG, JPEG, HEIC/HEIF), by their signature. */
export function sniffImage(b: Uint8Array): string | undefined {
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const brand = String.fromCharCode(...b.subarray(4, 12));
  if (brand.startsWith('ftyp') && /heic|heix|mif1|msf1|heif/.test(brand)) return 'image/heic';
  return undefined;
}

/**
 * Read a chosen image into a data URL; rejects when its bytes are not a
 * picture (a renamed file). The app may replace this with one that also
 * compresses (over 0.3 MB: quality 0.75, max 1920 px) and converts HEIC.
 */
export async function readImage(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const mime = sniffImage(bytes);
  if (!mime) throw new Error('not an image');
  return `data:${mime};base64,${toBase64(bytes)}`;
}

/** A base64 data URL back into a Blob for a multipart upload. */
export function dataUrlToBlob(url: string): Blob {
  const [head = '', body = ''] = url.split(',', 2);
  const mime = /^data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const s = atob(body);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}

/** A field encoded with the session's aesKey, decoded for display ('' when it cannot be). */
export async function decodeForDisplay(aesKey: string | undefined, value: string): Promise<string> {
  if (!aesKey || !value) return value;
  try {
    return await decodeSensitive(aesKey, value);
  } catch {
    return '';
  }
}

// ---- amounts

/**
 * An amount input: digits and one dot only, no leading dot (it is removed),
 * at most `decimals` places. Transfer 4, deposit and withdraw 5 (§5, §9).
 * The trading side's number-input sanitiser, told to drop a leading dot (its
 * order fields give it a zero instead).
 */
export const amountInput = (value: string, decimals: number): string =>
  sanitizeNumber(value, decimals, 'drop');

/** The value of a sanitised amount ('' and '.' are no amount). */
export const amountOf = (s: string): Big | undefined =>
  /^\d+(\.\d*)?$/.test(s) ? new Big(s) : undefined;

/** A sanitised amount greater than zero. */
export const isPositive = (s: string): boolean => amountOf(s)?.gt(0) ?? false;

// ---- verification (§5 "Verification")

export const checkRealName = (v: string): string | undefined =>
  v.trim() ? undefined : 'p_t_real_name';

export const checkIdCard = (v: string): string | undefined =>
  v.trim() ? undefined : 'p_t_id_card';

/** The optional verification e-mail: empty, or a valid address (wrong_email). */
export const checkAuthEmail = (v: string): string | undefined =>
  v.trim() === '' || isEmail(v) ? undefined : 'wrong_email';

/** Image slots of the full verification and the key of each when it is missing. */
export const ID_IMAGE_KEYS = {
  front: 'p_u_id_card_front',
  reverse: 'p_u_id_card_reverse',
  avatar: 'p_u_id_card_avatar',
} as const;

// ---- deposit (§5 "Deposit")

/** Required, no leading dot (p_t_deposit_amount); greater than zero (deposit_amount_positive). */
export function checkDepositAmount(s: string): string | undefined {
  if (s.trim() === '' || s.startsWith('.')) return 'p_t_deposit_amount';
  return isPositive(s) ? undefined : 'deposit_amount_positive';
}

/** Coins worth one US dollar each (§9 standards text: 1 USDT equals 1 USD). */
export const USD_PEGGED: readonly string[] = ['USD', 'USDT'];

/**
 * The USD price of one unit of `coin`: 1 for the pegged ones, else the
 * quoted `<coin>USDT` price when known (undefined: not known here).
 */
export function usdPriceOf(coin: string, prices: Readonly<Record<string, number>>) {
  if (USD_PEGGED.includes(coin)) return 1;
  const p = prices[coin];
  return p !== undefined && Number.isFinite(p) && p > 0 ? p : undefined;
}

/**
 * The deposit minimum in USD (§9, deposit_min_amount with `min`): the
 * amount's USD value (rounded down to the cent, as the server counts it)
 * must reach it. Without a price nothing is said; the server decides (1036).
 */
export function checkDepositMinimum(
  s: string,
  usdPrice: number | undefined,
  minUsd: number,
): string | undefined {
  const v = amountOf(s);
  if (!v || usdPrice === undefined) return undefined;
  return belowDepositMinimum(v, usdPrice, minUsd) ? 'deposit_min_amount' : undefined;
}

/** The smallest amount of a coin that reaches the USD minimum (rounded up to 5 places). */
export function depositMinimumIn(usdPrice: number, minUsd: number): string {
  return new Big(minUsd).div(usdPrice).round(5, Big.roundUp).toString();
}

export const checkProof = (present: boolean): string | undefined =>
  present ? undefined : 'p_upload_deposit_proof';

export const checkAgreement = (ticked: boolean): string | undefined =>
  ticked ? undefined : 'p_read_agreement';

// ---- transfer (§5 "Transfer")

/** Required (p_t_transfer_amount) and not zero (transfer_amount_no_zero). */
export function checkTransferAmount(s: string): string | undefined {
  if (amountOf(s) === undefined) return 'p_t_transfer_amount';
  return isPositive(s) ? undefined : 'transfer_amount_no_zero';
}

// ---- withdraw (§5 "Withdraw")

export interface Limits {
  min: number;
  max: number;
  /** The coin the bounds are in (USD for bank cards). */
  coin: string;
}

/**
 * Between the coin's min and max, inclusive. The message is
 * withdraw_amount_limit_front, the bounds and coin, withdraw_amount_limit_back
 * (the view joins them from `limits`).
 */
export function checkWithdrawAmount(s: string, limits: Limits): string | undefined {
  const v = amountOf(s);
  if (v && v.gte(limits.min) && v.lte(limits.max)) return undefined;
  return 'withdraw_amount_limit_front';
}

/** The fee types the screen can show (§5). */
export const FEE_TYPES = ['PERCENTAGE', 'FIX_AMOUNT'] as const;

/** A calculation's verdict: Not support feeType, insufficient_balance (isOver), practicalNum_rule. */
export function checkFee(info: FeeInfo): string | undefined {
  if (!FEE_TYPES.some((t) => t === info.feeType)) return 'Not support feeType';
  if (info.isOver) return 'insufficient_balance';
  if (!(amountOf(String(info.practical))?.gt(0) ?? false)) return 'practicalNum_rule';
  return undefined;
}

/** The optional crypto address typed for a withdrawal without saved wallets. */
export const checkPaymentAddress = (v: string): string | undefined =>
  v.trim() ? undefined : 'p_t_crypto_address';
