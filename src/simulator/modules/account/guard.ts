/**
 * Helpers every account handler uses: who is calling (1002 when the user is
 * gone, 23523 when a demo session tries a real-money operation), paging,
 * amounts, and uploaded images.
 */
import Big from 'big.js';
import { fail, type CallInfo } from '../../module.ts';
import { findUser, type UserRecord } from '../../users.ts';
import type { StoredBlob } from '../../persist/batch.ts';
import { QUOTA_CODE } from '../../persist/uploads.ts';
import type { AccountContext } from './state.ts';

export type Failure = ReturnType<typeof fail>;
/** Is this value a failure reply (as made by `fail`)? */
export const isFailure = (v: unknown): v is Failure =>
  typeof v === 'object' && v !== null && 'code' in v && 'data' in v;

/** The calling user, or 1002 (the user was removed). */
export function me(ctx: AccountContext, info: CallInfo): UserRecord | Failure {
  const u = info.session ? findUser(ctx, info.session.uid) : undefined;
  return u ?? fail(1002);
}

/**
 * The calling user on their real account: demo accounts have no wallet,
 * cards, deposits, withdrawals or loans (user-centre.md §1), so a demo
 * session's real-money operation answers 23523 (operation illegal status).
 */
export function realUser(ctx: AccountContext, info: CallInfo): UserRecord | Failure {
  const u = me(ctx, info);
  if (isFailure(u)) return u;
  return info.session?.virtualStatus === '0' ? u : fail(23523);
}

/** One page of a list (1-based), with the page count. */
export function paginate<T>(
  all: T[],
  page: unknown,
  size: unknown,
  fallback = 10,
): { list: T[]; pages: number } {
  const n = Math.max(1, Math.min(1000, Math.floor(Number(size)) || fallback));
  const p = Math.max(1, Math.floor(Number(page)) || 1);
  return { list: all.slice((p - 1) * n, p * n), pages: Math.ceil(all.length / n) };
}

/** Why an amount was refused. */
export type AmountProblem = 'invalid' | 'negative' | 'zero' | 'decimals';

/** Parse a positive decimal amount with at most `dp` places. */
export function amount(v: unknown, dp: number): Big | AmountProblem {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (/^-\d+(\.\d+)?$/.test(s) && Number(s) !== 0) return 'negative';
  if (!/^\d+(\.\d+)?$/.test(s)) return 'invalid';
  const b = new Big(s);
  if (b.eq(0)) return 'zero';
  if ((s.split('.')[1] ?? '').replace(/0+$/, '').length > dp) return 'decimals';
  return b;
}

/** Images larger than this are refused (user-centre.md §5: 10 MB). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

function sniff(b: Uint8Array): string | undefined {
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const brand = String.fromCharCode(...b.subarray(4, 12));
  if (brand.startsWith('ftyp') && /heic|heix|mif1|msf1|heif/.test(brand)) return 'image/heic';
  return undefined;
}

/**
 * An uploaded image's type and bytes. 23553 when missing or empty; 1016 when
 * not a PNG, JPEG or HEIC by its bytes (the allowed extensions) or over 10 MB.
 */
export async function imageUpload(v: unknown): Promise<StoredBlob | Failure> {
  if (!(v instanceof Blob) || v.size === 0) return fail(23553);
  if (v.size > IMAGE_MAX_BYTES) return fail(1016);
  const bytes = new Uint8Array(await v.arrayBuffer());
  const mime = sniff(bytes);
  if (!mime) return fail(1016);
  return { mime, bytes };
}

/**
 * Keep a user's images in the upload area and drop the ones they replace;
 * returns the references to store in the record. {@link QUOTA_CODE} when the
 * user's images would pass their quota (nothing is kept then).
 */
export function keepImages(
  ctx: AccountContext,
  uid: string,
  images: readonly StoredBlob[],
  replacing: ReadonlyArray<string | undefined> = [],
): string[] | Failure {
  const bytes = images.reduce((n, i) => n + i.bytes.length, 0);
  if (!ctx.uploads.fits(uid, bytes, replacing)) return fail(QUOTA_CODE);
  const refs = images.map((i) => ctx.uploads.put(uid, i, ctx.clock.now()));
  for (const r of replacing) ctx.uploads.drop(r);
  return refs;
}
