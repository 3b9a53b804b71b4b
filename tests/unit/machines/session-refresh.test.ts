/**
 * When the session is renewed (trading.md §4 "Session", §9): a token that
 * arrives (a stored one at start-up, a sign-in) under 5 minutes from its
 * expiry, or past it, is renewed before the user is loaded; the 60 s check
 * renews under 5 minutes left, past the expiry, or on a 401; 5 minutes or
 * more left, nothing. A refused renewal ends the session.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { RenewOutcome } from '../../../src/api/renewal.ts';
import { sessionMachine } from '../../../src/machines/session/machine.ts';

/** The token's expiry, in seconds as a JWT says it. */
const EXP = 2_000_000_000;
const token = `h.${btoa(JSON.stringify({ uid: '1', exp: EXP, virtualStatus: '0' }))}.s`;
const renewed = `h.${btoa(JSON.stringify({ uid: '1', exp: EXP + 1800, virtualStatus: '0' }))}.s`;
const MIN = 60_000;

interface Run {
  /** ms before the expiry when the token is seen; undefined: the watcher gave no clock. */
  arrive?: number;
  /** ms before the expiry at each check, and how the check ends. */
  check?: { left: number; fault?: 'unauthorized' };
  outcome?: RenewOutcome;
}

/** Sign in, let two checks run (or the session end), and say what happened in order. */
async function run({ arrive, check = { left: 30 * MIN }, outcome = 'renewed' }: Run) {
  const calls: string[] = [];
  let checks = 0;
  /** The token watcher's line to the machine: a renewal's token comes back through it. */
  let watcher:
    ((e: { type: 'session.signedIn'; token: string; refreshToken: string }) => void) | undefined;
  const a = createActor(
    sessionMachine.provide({
      actors: {
        watchToken: fromCallback(({ sendBack }) => {
          watcher = sendBack;
        }) as never,
        renewal: fromCallback(() => {}) as never,
        userInfo: fromPromise(async () => {
          calls.push('userInfo');
          return { code: 0, data: { uid: '1' } };
        }) as never,
        unreadCount: fromPromise(async () => ({ code: 0, data: { count: 0 } })) as never,
        check: fromPromise(async () => {
          checks++;
          calls.push('check');
          return { code: check.fault ? -1 : 0, data: null, now: EXP * 1000 - check.left, ...check };
        }) as never,
        refresh: fromPromise(async ({ input }: { input: { token: string } }) => {
          calls.push(`renew ${input.token === token ? 'token' : input.token}`);
          if (outcome !== 'renewed') return { outcome };
          // As in the app: the store's new token reaches the watcher before the renewal's reply.
          watcher?.({ type: 'session.signedIn', token: renewed, refreshToken: 'r2' });
          return { outcome, token: renewed };
        }) as never,
      },
      delays: { checkInterval: 0 },
    }),
  );
  a.start();
  const at = arrive === undefined ? {} : { at: EXP * 1000 - arrive };
  a.send({ type: 'session.signedIn', token, refreshToken: 'r1', ...at });
  await waitFor(a, (s) => checks >= 2 || s.matches('signedOut'), { timeout: 2000 });
  const s = a.getSnapshot();
  a.stop();
  return {
    calls,
    signedIn: s.hasTag('signedIn'),
    reason: s.context.reason,
    renewedToken: s.context.token === renewed,
  };
}

describe('session renewal on arrival (a stored token at start-up, a sign-in)', () => {
  it('renews a token past its expiry before the user is loaded', async () => {
    const r = await run({ arrive: -60 * MIN });
    expect(r.calls.slice(0, 2)).toEqual(['renew token', 'userInfo']);
    expect(r).toMatchObject({ signedIn: true, renewedToken: true });
  });

  it('renews one in its last 5 minutes first too; 5 minutes or more left, none', async () => {
    expect((await run({ arrive: 5 * MIN - 1000 })).calls[0]).toBe('renew token');
    expect((await run({ arrive: 5 * MIN })).calls.slice(0, 2)).toEqual(['userInfo', 'check']);
  });

  it('without a clock, the token is taken as fresh (a 401 would renew it in the client)', async () => {
    expect((await run({})).calls[0]).toBe('userInfo');
  });

  it('a refused renewal ends the session before anything is loaded', async () => {
    const r = await run({ arrive: -MIN, outcome: 'refused' });
    expect(r).toMatchObject({ calls: ['renew token'], signedIn: false, reason: 'expired' });
  });

  it('a renewal with no verdict (network) loads the user and goes on', async () => {
    const r = await run({ arrive: -MIN, outcome: 'unreachable' });
    expect(r.calls.slice(0, 2)).toEqual(['renew token', 'userInfo']);
    expect(r).toMatchObject({ signedIn: true, renewedToken: false });
  });
});

describe('the 60 s check (trading.md §4, §9)', () => {
  it('renews under 5 minutes left, without reloading the user', async () => {
    const r = await run({ check: { left: 5 * MIN - 1000 } });
    expect(r.calls.slice(0, 3)).toEqual(['userInfo', 'check', 'renew token']);
    expect(r.calls.filter((c) => c === 'userInfo')).toHaveLength(1);
    expect(r).toMatchObject({ signedIn: true, renewedToken: true });
  });

  it('does nothing with 5 minutes or more left', async () => {
    expect(await run({ check: { left: 5 * MIN } })).toEqual({
      calls: ['userInfo', 'check', 'check'],
      signedIn: true,
      reason: undefined,
      renewedToken: false,
    });
  });

  it('renews past the expiry, or on a 401, instead of logging out', async () => {
    expect((await run({ check: { left: -1000 } })).calls[2]).toBe('renew token');
    const r = await run({ check: { left: 20 * MIN, fault: 'unauthorized' } });
    expect(r.calls[2]).toBe('renew token');
    expect(r.signedIn).toBe(true);
  });

  it('logs out when the renewal is refused', async () => {
    const r = await run({ check: { left: -1000 }, outcome: 'refused' });
    expect(r).toMatchObject({ signedIn: false, reason: 'expired' });
  });
});
