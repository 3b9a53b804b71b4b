/**
 * The token service behind a dynamic import: jose is about a third of the
 * simulator's auth code and nothing before the first signed-in call needs it,
 * so it stays out of the worker's first chunk and loads on first use (the
 * late modules load it at start anyway, see modules/early.ts).
 */
import type { Clock } from '../clock.ts';
import type { TokenService } from './tokens.ts';

/** A token service that imports jose and builds the real one on first use. */
export function lazyTokenService(keyHex: string, clock: Clock): TokenService {
  let service: Promise<TokenService> | undefined;
  const get = () =>
    (service ??= import('./tokens.ts').then(
      (m) => m.createTokenService(keyHex, clock),
      (e: unknown) => {
        // A failed fetch of the chunk is tried again by the next call.
        service = undefined;
        throw e;
      },
    ));
  return {
    sign: async (p, ttlS) => (await get()).sign(p, ttlS),
    verify: async (token) => (await get()).verify(token),
    signedClaims: async (token, toleranceS) => (await get()).signedClaims(token, toleranceS),
  };
}
