/**
 * A session token read without verifying it (the server verifies), free of
 * any store: index.html's boot shell reads it too, before any module runs
 * (ui/boot/shell-account.ts), to paint an account's last-seen positions only
 * for that account.
 */
import type { TokenPayload } from '../api/types/trading.ts';

/** Where the session (token and refresh token) is kept (session.ts). */
export const SESSION_KEY = 'session';
/** Where the server clock's offset from this device's is kept (state/server-clock.ts), ms. */
export const SERVER_OFFSET_KEY = 'serverOffset';

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

/** The account a token is for ('uid:demo' or 'uid:real'), undefined when signed out. */
export function accountOf(token: string | undefined): string | undefined {
  const p = decodeToken(token);
  return p?.uid ? `${p.uid}:${isDemo(p) ? 'demo' : 'real'}` : undefined;
}
