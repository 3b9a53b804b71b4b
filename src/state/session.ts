/**
 * The session: token and refresh token, kept across reloads. A token present
 * means logged in (trading.md §4). Tokens never go into URLs or logs.
 */
import { proxy, subscribe } from 'valtio/vanilla';
import { readJson, writeJson } from './persist.ts';
import { SESSION_KEY } from './token.ts';

export { decodeToken, isDemo } from './token.ts';

const KEY = SESSION_KEY;

export interface SessionState {
  token: string | undefined;
  refreshToken: string | undefined;
}

const saved = readJson<SessionState>(KEY);
export const session = proxy<SessionState>({
  token: saved?.token,
  refreshToken: saved?.refreshToken,
});
subscribe(session, () =>
  writeJson(KEY, { token: session.token, refreshToken: session.refreshToken }),
);

export function setSession(token: string, refreshToken?: string): void {
  session.token = token;
  if (refreshToken !== undefined) session.refreshToken = refreshToken;
}

/** The session as stored now: another tab may have renewed it since this one read it. */
export function storedSession(): SessionState | undefined {
  return readJson<SessionState>(KEY);
}

export function clearSession(): void {
  session.token = undefined;
  session.refreshToken = undefined;
}

/**
 * Another tab ended the session (a logout, a refused renewal, a self-exclusion,
 * a password change: each clears the stored session): this tab ends it too at
 * once, as if here, rather than showing the account until a call of its own
 * fails. The storage event reaches every other tab of the origin; a renewed
 * token is not taken from it (each tab renews through the Web Lock, api/renewal.ts).
 */
export function followOtherTabs(e: Pick<StorageEvent, 'key'>): void {
  // `key` is null when the storage was cleared whole.
  if ((e.key !== null && e.key !== KEY) || !session.token) return;
  if (!storedSession()?.token) clearSession();
}
if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTabs);
