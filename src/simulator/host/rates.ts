/**
 * The host's rate limits (limits.ts), with rate-limiter-flexible: each is a
 * steady rate per second plus a burst allowance per 10 s (its
 * BurstyRateLimiter over two in-memory limiters, a token bucket in effect).
 *
 * Calls are counted per address and, for a signed-in call, per account: the
 * account is the uid of a bearer token whose signature checks (so a forged
 * token cannot spend someone else's allowance). Reply bytes and upload bytes
 * are counted per address too, since a call's cost grows with them. WebSocket commands are
 * counted per socket.
 */
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { HostLimits } from './limits.ts';

const BURST_WINDOW_S = 10;

function bucket(perSecond: number, burst: number, prefix: string): BurstyRateLimiter {
  return new BurstyRateLimiter(
    new RateLimiterMemory({ keyPrefix: prefix, points: perSecond, duration: 1 }),
    new RateLimiterMemory({
      keyPrefix: `${prefix}-burst`,
      points: burst,
      duration: BURST_WINDOW_S,
    }),
  );
}

/** Take points (one by default); the ms to wait when the bucket is empty, 0 when it was not. */
async function spend(b: BurstyRateLimiter, key: string, points = 1): Promise<number> {
  try {
    await b.consume(key, points);
    return 0;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.max(1, e.msBeforeNext);
    throw e;
  }
}

/** The ms until a byte allowance spent past its points comes back, else 0. */
async function spentWait(b: RateLimiterMemory, key: string): Promise<number> {
  const r = await b.get(key);
  return r && r.remainingPoints <= 0 ? Math.max(1, r.msBeforeNext) : 0;
}

/** Bytes counted per address in the burst window (charged after the fact, checked before the next). */
const byteWindow = (points: number, prefix: string) =>
  new RateLimiterMemory({ keyPrefix: prefix, points, duration: BURST_WINDOW_S });

/** Signature-checked uids of tokens seen lately (a token's uid never changes). */
const MAX_TOKENS = 10_000;

export interface CallRates {
  /**
   * Count one call, `cost` points for its address (call-costs.ts); resolves
   * to the ms the caller should wait when a limit is passed (answer 429), else 0.
   */
  admit(address: string, token: string | undefined, cost?: number): Promise<number>;
  /** Count a reply's bytes against its address (the next call past the allowance waits). */
  replied(address: string, bytes: number): Promise<void>;
  /** The ms an address's next upload should wait (its upload bytes are spent), else 0. */
  uploadWait(address: string): Promise<number>;
  /** Count an upload's bytes against its address. */
  uploaded(address: string, bytes: number): Promise<void>;
}

/** The HTTP call limits: per address, and per account for a signed-in call. */
export function callRates(
  limits: HostLimits,
  /** The uid of a token whose signature checks (expired or not), else undefined. */
  uidOf: (token: string) => Promise<string | undefined>,
): CallRates {
  const byAddress = bucket(limits.addressCallsPerSecond, limits.addressCallsBurst, 'addr');
  const byAccount = bucket(limits.accountCallsPerSecond, limits.accountCallsBurst, 'acct');
  // Charged after the reply (its size is known only then), checked before the next call.
  const bytes = byteWindow(limits.addressReplyBytes, 'bytes');
  const upBytes = byteWindow(limits.addressUploadBytes, 'upload');
  const uids = new Map<string, string | null>();
  const accountOf = async (token: string): Promise<string | undefined> => {
    let uid = uids.get(token);
    if (uid === undefined) {
      uid = (await uidOf(token)) ?? null;
      if (uids.size >= MAX_TOKENS) uids.delete(uids.keys().next().value as string);
      uids.set(token, uid);
    }
    return uid ?? undefined;
  };
  return {
    async admit(address, token, cost = 1) {
      const sent = await spentWait(bytes, address);
      if (sent > 0) return sent;
      // Never more than a second's points, or a rate set lower than a weight would refuse it for good.
      const wait = await spend(byAddress, address, Math.min(cost, limits.addressCallsPerSecond));
      if (wait > 0 || token === undefined) return wait;
      const uid = await accountOf(token);
      return uid === undefined ? 0 : spend(byAccount, uid);
    },
    async replied(address, n) {
      if (n > 0) await bytes.penalty(address, n);
    },
    uploadWait: (address) => spentWait(upBytes, address),
    async uploaded(address, n) {
      if (n > 0) await upBytes.penalty(address, n);
    },
  };
}

export interface CommandRates {
  /**
   * Count one command of a socket; false once the socket is over its limit,
   * or its address has had its socket bytes' worth.
   */
  admit(socket: number, address: string): Promise<boolean>;
  /** Count bytes sent on a socket of this address. */
  sent(address: string, bytes: number): void;
}

/** The WebSocket command limit, per socket, and the bytes sent per address. */
export function commandRates(limits: HostLimits): CommandRates {
  const b = bucket(limits.socketCommandsPerSecond, limits.socketCommandsBurst, 'ws');
  const out = byteWindow(limits.addressSocketBytes, 'ws-bytes');
  return {
    admit: async (socket, address) =>
      (await spentWait(out, address)) === 0 && (await spend(b, String(socket))) === 0,
    // Counted as they go (a lost count costs nothing but accuracy).
    sent: (address, n) => void out.penalty(address, n).catch(() => undefined),
  };
}
