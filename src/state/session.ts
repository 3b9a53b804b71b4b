/**
 * The session: token and refresh token, kept across reloads. A token present
 * means logged in (trading.md §4). Tokens never go into URLs or logs.
 */
import { proxy, subscribe } from 'valtio/vanilla';
import type { TokenPayload } from '../api/types/trading.ts';
import { readJson, writeJson } from './persist.ts';

const KEY = 'session';

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

export function clearSession(): void {
  session.token = undefined;
  session.refreshToken = undefined;
}

/** Read a JWT's payload without verifying it (the server verifies). */
export function decodeToken(token: string | undefined): TokenPayload | undefined {
  const part = token?.split('.')[1];
  if (!part) return undefined;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(b64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    return JSON.parse(json) as TokenPayload;
  } catch {
    return undefined;
  }
}

/** '0' is the real account; anything else is demo. */
export const isDemo = (p: TokenPayload | undefined): boolean => !!p && p.virtualStatus !== '0';

/** Whose orders and figures a token shows: its account and book (real or demo). */
export function bookOf(token: string): string | undefined {
  const p = decodeToken(token);
  return p && `${p.uid}:${isDemo(p) ? 'demo' : 'real'}`;
}
