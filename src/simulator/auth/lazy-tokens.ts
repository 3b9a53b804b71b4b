/**
 * The token service behind a dynamic import: jose is about a third of the
 * simulator's auth code and nothing before the first signed-in call needs it,
 * so it stays out of the worker's first chunk and loads on first use (the
 * late modules load it at start anyway, see modules/early.ts).
 */
import type { Clock } from '../clock.ts';
import type { TokenService } from './tokens.ts';

/**
 * A token service that imports jose and builds the real one on first use.
 * `keyHex` may be read at each use (the state's key, which a loaded scenario
 * replaces): the service is built again when it changes.
 */
export function lazyTokenService(keyHex: string | (() => string), clock: Clock): TokenService {
  const keyOf = typeof keyHex === 'string' ? () => keyHex : keyHex;
  let service: Promise<TokenService> | undefined;
  let builtFor: string | undefined;
  const get = () => {
    const k = keyOf();
    if (k !== builtFor) service = undefined;
    builtFor = k;
    return (service ??= import('./tokens.ts').then(
      (m) => m.createTokenService(k, clock),
      (e: unknown) => {
        // A failed fetch of the chunk is tried again by the next call.
        service = undefined;
        throw e;
      },
    ));
  };
  return {
    sign: async (p, ttlS) => (await get()).sign(p, ttlS),
    verify: async (token) => (await get()).verify(token),
    signedClaims: async (token, toleranceS) => (await get()).signedClaims(token, toleranceS),
  };
}
