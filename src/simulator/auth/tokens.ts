/**
 * Session tokens: HS256 JWTs signed with the simulator's secret, carrying
 * virtualStatus and aesKey as the spec's token payload does. Time comes from
 * the simulator's clock, so expiry works on a virtual clock too.
 */
import { SignJWT, jwtVerify, errors } from 'jose';
import type { TokenPayload } from '../../api/types/trading.ts';
import type { Clock } from '../clock.ts';

/** Token lifetime: long enough to use, short enough that refresh matters. */
export const TOKEN_TTL_S = 30 * 60;

export interface TokenService {
  sign(p: Omit<TokenPayload, 'exp'>, ttlS?: number): Promise<string>;
  /** The payload of a valid, unexpired token; undefined otherwise. */
  verify(token: string): Promise<TokenPayload | undefined>;
}

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(p, ttlS = TOKEN_TTL_S) {
      const iat = Math.floor(clock.now() / 1000);
      return new SignJWT({ ...p })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(clock.now()),
        });
        const { uid, virtualStatus, aesKey, exp } = payload as Partial<TokenPayload>;
        if (
          typeof uid !== 'string' ||
          typeof virtualStatus !== 'string' ||
          typeof aesKey !== 'string'
        ) {
          return undefined;
        }
        return { uid, virtualStatus, aesKey, exp: exp ?? 0 };
      } catch (e) {
        if (e instanceof errors.JOSEError) return undefined;
        throw e;
      }
    },
  };
}

/** The bearer token of a request's headers, if any. */
export const bearer = (headers: Record<string, string>): string | undefined => {
  const h = headers.Authorization ?? headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7) : undefined;
};
