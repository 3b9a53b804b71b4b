/** Pure helpers of the session machine: reply readers and the token / signed-out context parts. */
import { decodeToken, isDemo } from '../../state/session.ts';
import type { EndReason } from './types.ts';
export { outputOf } from '../events.ts';

export const expiryOf = (token: string) => {
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
};
export const tokenState = (token: string, refreshToken: string | undefined) => ({
  token,
  refreshToken,
  expiresAt: expiryOf(token),
  demo: isDemo(decodeToken(token)),
});
export const signedOut = (reason: EndReason) => ({
  token: undefined,
  refreshToken: undefined,
  expiresAt: undefined,
  demo: false,
  user: undefined,
  unread: 0,
  reason,
  wanted: undefined,
});
