/**
 * The key sensitive fields (card numbers, addresses) are encoded with: the
 * aesKey of the token in use. Actors take a source so tests and a second
 * account can supply another token's key.
 */
import { decodeToken, session } from '../state/session.ts';

/** Where the session's aesKey comes from (sync, or async for a key kept elsewhere). */
export type AesKeySource = () => string | undefined | Promise<string | undefined>;

/** The app session's aesKey. */
export const sessionAesKey = (): string | undefined => decodeToken(session.token)?.aesKey;
