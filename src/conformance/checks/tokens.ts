/**
 * The token rules the app's session relies on (trading.md §4 "Session"): a
 * /waa/ call without a token, or with a forged one, is answered HTTP 401;
 * refresh gives a new token that works; a refresh token is good once, and
 * showing it again is refused; a session that was ended (the contract's
 * server-side sign-out: a password change, here to the same password) leaves
 * its token refused.
 */
import { CheckFailure, forge, type Check, type Kit } from '../kit.ts';
import { SPEC } from './spec.ts';

const t = (id: string, title: string, run: (kit: Kit) => Promise<void>): Check => ({
  id: `tokens.${id}`,
  area: 'tokens',
  spec: SPEC.session,
  title,
  run,
});

export const tokenChecks: Check[] = [
  t('no-token', 'a /waa/ call without a token: HTTP 401', async (kit) => {
    await kit.unauthorized('userBalance', undefined, undefined, 'no token');
  }),
  t(
    'forged-token',
    'a /waa/ call with a token whose signature is altered: HTTP 401',
    async (kit) => {
      const s = await kit.session(kit.anyAccount);
      await kit.unauthorized('userBalance', undefined, forge(s.token), 'a forged token');
    },
  ),
  t(
    'refresh',
    'refresh gives a new token and refresh token, and the new token works',
    async (kit) => {
      const s = await kit.signIn(kit.anyAccount);
      if (!s.refreshToken) throw new CheckFailure('login data.refreshToken', kit.last);
      const r = await kit.ok('refresh', { refreshToken: s.refreshToken, token: s.token });
      const d = r.data as { token: string; refreshToken?: string };
      if (!d.refreshToken)
        throw new CheckFailure('a new refreshToken (refresh tokens rotate)', r.ex);
      await kit.loose('userBalance', undefined, d.token);
    },
  ),
  t(
    'refresh-reuse',
    'a refresh token shown again is refused (23519), with no token',
    async (kit) => {
      const s = await kit.signIn(kit.anyAccount);
      if (!s.refreshToken) throw new CheckFailure('login data.refreshToken', kit.last);
      await kit.loose('refresh', { refreshToken: s.refreshToken, token: s.token });
      const r = await kit.call('refresh', { refreshToken: s.refreshToken, token: s.token });
      const gave = typeof (r.data as { token?: unknown } | null)?.token === 'string';
      if (r.ex.status !== 200 || r.code === 0 || gave)
        throw new CheckFailure(
          'HTTP 200 with a non-zero code (23519) and no token for a reused refresh token',
          r.ex,
          `HTTP ${r.ex.status}, code ${r.code}${gave ? ', a token' : ''}`,
        );
    },
  ),
  t(
    'signout',
    'after the session ends (a password change to the same password), its token is refused: HTTP 401',
    async (kit) => {
      const a = kit.anyAccount;
      const s = await kit.signIn(a);
      try {
        await kit.loose(
          'passwordSubmit',
          { oldPassword: a.password, newPassword: a.password, metaData: '{}' },
          s.token,
        );
      } finally {
        kit.forget(a);
      }
      await kit.unauthorized('userBalance', undefined, s.token, 'the token of an ended session');
    },
  ),
];
