/**
 * Session tokens: HS256 JWTs signed with the simulator's 256-bit signing key
 * (random, kept in the state; see keys.ts), carrying virtualStatus and aesKey
 * as the spec's token payload does. Time comes from the simulator's clock,
 * so expiry works on a virtual clock too.
 */
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose';
import type { TokenPayload } from '../../api/types/trading.ts';
import type { Clock } from '../clock.ts';
import { keyBytes } from './keys.ts';

/** Token lifetime: long enough to use, short enough that refresh matters. */
export const TOKEN_TTL_S = 30 * 60;

export interface TokenService {
  sign(p: Omit<TokenPayload, 'exp'>, ttlS?: number): Promise<string>;
  /** The payload of a valid, unexpired token; undefined otherwise. */
  verify(token: string): Promise<TokenPayload | undefined>;
  /**
   * The claims of a token whose signature is ours and which expired no more
   * than `toleranceS` ago (a refresh may come a little late); undefined otherwise.
   */
  signedClaims(token: string, toleranceS: number): Promise<JWTPayload | undefined>;
}

/** @param keyHex the signing key as hex (at least 256 bits). */
export function createTokenService(keyHex: string, clock: Clock): TokenService {
  const key = keyBytes(keyHex);
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
    async signedClaims(token, toleranceS) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(clock.now()),
          clockTolerance: toleranceS,
        });
        return payload;
      } catch (e) {
        if (e instanceof errors.JOSEError) return undefined;
        throw e;
      }
    },
  };
}
