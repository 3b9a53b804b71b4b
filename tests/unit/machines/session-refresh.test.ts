/**
 * The session check's verdict (trading.md §4 "Session", §9): under 5 minutes
 * left the token is refreshed with the refresh token and the token; 5 minutes
 * or more left, nothing; past its expiry, the session ends.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../../src/machines/session/machine.ts';

/** The token's expiry, in seconds as a JWT says it. */
const EXP = 2_000_000_000;
const token = `h.${btoa(JSON.stringify({ exp: EXP, virtualStatus: '0' }))}.s`;

/** Sign in, let the check run twice with `left` ms before the expiry, and say what happened. */
async function checkWith(left: number) {
  let checks = 0;
  const refreshes: unknown[] = [];
  const a = createActor(
    sessionMachine.provide({
      actors: {
        watchToken: fromCallback(() => {}) as never,
        userInfo: fromPromise(async () => ({ code: 0, data: null })) as never,
        unreadCount: fromPromise(async () => ({ code: 0, data: { count: 0 } })) as never,
        check: fromPromise(async () => {
          checks++;
          return { code: 0, data: null, now: EXP * 1000 - left };
        }) as never,
        refresh: fromPromise(async ({ input }: { input: unknown }) => {
          refreshes.push(input);
          return { code: -1, data: null };
        }) as never,
      },
      delays: { checkInterval: 0 },
    }),
  );
  a.start();
  a.send({ type: 'session.signedIn', token, refreshToken: 'r1' });
  await waitFor(a, (s) => checks >= 2 || s.matches('signedOut'), { timeout: 2000 });
  const s = a.getSnapshot();
  a.stop();
  return { refreshes, signedIn: s.hasTag('signedIn'), reason: s.context.reason };
}

describe('session check (trading.md §4, §9)', () => {
  it('refreshes with the refresh token and the token under 5 minutes left', async () => {
    const r = await checkWith(5 * 60_000 - 1000);
    expect(r.refreshes[0]).toEqual({ refreshToken: 'r1', token });
    expect(r.signedIn).toBe(true);
  });

  it('does nothing with 5 minutes or more left', async () => {
    expect(await checkWith(5 * 60_000)).toEqual({
      refreshes: [],
      signedIn: true,
      reason: undefined,
    });
    expect((await checkWith(6 * 60_000)).refreshes).toEqual([]);
  });

  it('logs out once the token has expired', async () => {
    const r = await checkWith(0);
    expect(r).toEqual({ refreshes: [], signedIn: false, reason: 'expired' });
  });
});
