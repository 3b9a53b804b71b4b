/**
 * Sessions: an access token (the core's HS256 JWT, 30 min) plus a refresh
 * token kept in the state (a week). Every token carries the user's session
 * generation (`sg`); raising it ends all the user's sessions at once, which
 * is how a password change, a reset or a back-office log-out take effect
 * ("logged out elsewhere").
 */
import { decodeJwt, jwtVerify } from 'jose';
import type { TokenData } from '../../../api/types/trading.ts';
import type { SimContext } from '../../module.ts';
import { findUser, tokenFor, type UserRecord } from '../../users.ts';
import { hex, REFRESH_TTL_MS } from './state.ts';

/** The generation a token was issued under (0 for tokens without the claim). */
export function tokenGen(token: string): number {
  try {
    const sg = decodeJwt(token).sg;
    return typeof sg === 'number' ? sg : 0;
  } catch {
    return -1;
  }
}

/** Identity's part of session validity: the token's generation is the user's current one. */
export function sessionCurrent(ctx: SimContext, uid: string, token: string): boolean {
  const u = findUser(ctx, uid);
  return !u || tokenGen(token) === (u.sessionGen ?? 0);
}

/** End every session of a user (tokens and refresh tokens alike). */
export function endSessions(ctx: SimContext, u: UserRecord): void {
  u.sessionGen = (u.sessionGen ?? 0) + 1;
  const all = ctx.state.identity.refreshTokens;
  for (const [k, r] of Object.entries(all)) if (r.uid === u.uid) delete all[k];
  ctx.persist();
}

/** A new access token and refresh token for a user. */
export async function issueSession(ctx: SimContext, u: UserRecord): Promise<Required<TokenData>> {
  const now = ctx.clock.now();
  const all = ctx.state.identity.refreshTokens;
  for (const [k, r] of Object.entries(all)) if (r.expiresAt <= now) delete all[k];
  const refreshToken = `rt_${hex(ctx, 40)}`;
  all[refreshToken] = { uid: u.uid, expiresAt: now + REFRESH_TTL_MS, gen: u.sessionGen ?? 0 };
  ctx.persist();
  return { token: await tokenFor(ctx, u), refreshToken };
}

/**
 * The uid of a token whose signature is ours, even if it has expired (a
 * refresh may come a little late), or undefined.
 */
export async function signedUid(ctx: SimContext, token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(ctx.state.secret), {
      algorithms: ['HS256'],
      currentDate: new Date(ctx.clock.now()),
      clockTolerance: REFRESH_TTL_MS / 1000,
    });
    return typeof payload.uid === 'string' ? payload.uid : undefined;
  } catch {
    return undefined;
  }
}
