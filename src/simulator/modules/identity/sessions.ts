/**
 * Sessions: an access token (the core's HS256 JWT, 30 min) plus a refresh
 * token kept in the state (a week). Every token carries the user's session
 * generation (`sg`); raising it ends all the user's sessions at once, which
 * is how a password change, a reset or a back-office log-out take effect
 * ("logged out elsewhere").
 *
 * A sign-in starts a session family (`fam`): the refresh after it rotates
 * the refresh token (each is good once) and stays in the family. Showing a
 * rotated refresh token again means two parties hold it (one stole it), so
 * the whole family is revoked: its refresh tokens and its access tokens.
 */
import { decodeJwt } from 'jose';
import type { TokenData } from '../../../api/types/trading.ts';
import { secureHex, secureUuid } from '../../secure-random.ts';
import { familyOf, findUser, tokenFor, type UserRecord } from '../../users.ts';
import { REFRESH_TTL_MS, type RefreshRecord, type IdentityContext } from './state.ts';

/** The generation a token was issued under (0 for tokens without the claim). */
export function tokenGen(token: string): number {
  try {
    const sg = decodeJwt(token).sg;
    return typeof sg === 'number' ? sg : 0;
  } catch {
    return -1;
  }
}

/**
 * Identity's part of session validity: the token's generation is the user's
 * current one and its family has not been revoked.
 */
export function sessionCurrent(ctx: IdentityContext, uid: string, token: string): boolean {
  const fam = familyOf(token);
  if (fam !== undefined && ctx.state.identity.revokedFamilies[fam] !== undefined) return false;
  const u = findUser(ctx, uid);
  return !u || tokenGen(token) === (u.sessionGen ?? 0);
}

/** End every session of a user (tokens and refresh tokens alike). */
export function endSessions(ctx: IdentityContext, u: UserRecord): void {
  u.sessionGen = (u.sessionGen ?? 0) + 1;
  const all = ctx.state.identity.refreshTokens;
  for (const [k, r] of Object.entries(all)) if (r.uid === u.uid) delete all[k];
  ctx.persist();
}

/** Revoke a session family: its refresh tokens go, its access tokens fail from now on. */
export function revokeFamily(ctx: IdentityContext, family: string): void {
  const s = ctx.state.identity;
  for (const [k, r] of Object.entries(s.refreshTokens))
    if (r.family === family) delete s.refreshTokens[k];
  // Kept as long as any token of the family could still be presented.
  s.revokedFamilies[family] = ctx.clock.now() + REFRESH_TTL_MS;
  ctx.persist();
}

/** Drop expired records (refresh tokens, used ones, revoked families). */
function prune(ctx: IdentityContext, now: number): void {
  const s = ctx.state.identity;
  for (const m of [s.refreshTokens, s.usedRefreshTokens])
    for (const [k, r] of Object.entries(m)) if (r.expiresAt <= now) delete m[k];
  for (const [k, t] of Object.entries(s.revokedFamilies)) if (t <= now) delete s.revokedFamilies[k];
}

/**
 * A new access token and refresh token for a user: a new session family
 * (sign-in, signed in now), or the next pair of an existing one (refresh,
 * keeping the family's sign-in time).
 */
export async function issueSession(
  ctx: IdentityContext,
  u: UserRecord,
  family: string = secureUuid(),
  signedInAt: number = ctx.clock.now(),
): Promise<Required<TokenData>> {
  const now = ctx.clock.now();
  prune(ctx, now);
  const refreshToken = `rt_${secureHex(64)}`;
  ctx.state.identity.refreshTokens[refreshToken] = {
    uid: u.uid,
    expiresAt: now + REFRESH_TTL_MS,
    gen: u.sessionGen ?? 0,
    family,
    signedInAt,
  };
  ctx.persist();
  return { token: await tokenFor(ctx, u, family, signedInAt), refreshToken };
}

/**
 * Take a refresh token out of use, synchronously (before any `await`), so
 * that of two calls with the same token exactly one gets it. Returns its
 * record, or 'reused' for a token already rotated (its family is then
 * revoked), or undefined for a token never issued or long gone.
 */
export function claimRefreshToken(
  ctx: IdentityContext,
  rt: string,
): RefreshRecord | 'reused' | undefined {
  const s = ctx.state.identity;
  const used = s.usedRefreshTokens[rt];
  if (used) {
    if (used.family !== undefined) revokeFamily(ctx, used.family);
    return 'reused';
  }
  const rec = s.refreshTokens[rt];
  if (!rec) return undefined;
  delete s.refreshTokens[rt];
  s.usedRefreshTokens[rt] = rec;
  ctx.persist();
  return rec;
}

/**
 * The uid and family of a token whose signature is ours, even if it has
 * expired (a refresh may come a little late), or undefined.
 */
export async function signedSession(
  ctx: IdentityContext,
  token: string,
): Promise<
  { uid: string; family: string | undefined; signedInAt: number | undefined } | undefined
> {
  const claims = await ctx.tokens.signedClaims(token, REFRESH_TTL_MS / 1000);
  if (typeof claims?.uid !== 'string') return undefined;
  return {
    uid: claims.uid,
    family: typeof claims.fam === 'string' ? claims.fam : undefined,
    signedInAt: typeof claims.sia === 'number' ? claims.sia : undefined,
  };
}
