/** Self-exclusion and the session time limit, as a signed-in caller and sign-in see them. */
import { afterEach, describe, expect, it } from 'vitest';
import { createWorld, type TestWorld } from '../../../support/sim.ts';
import { signIn } from '../account/helpers.ts';
import { DAY, rtState, setLimits } from './support.ts';

let w: TestWorld;
afterEach(() => w?.sim.stop());

const EMAIL = 'ann@example.com';

async function signedIn(): Promise<{ uid: string; refreshToken: string }> {
  w = await createWorld({ ticking: false });
  const { uid } = await w.sim.backOffice.seedUser({ email: EMAIL, password: 'secret123' });
  const r = await signIn(w, EMAIL);
  expect(r.code).toBe(0);
  return { uid, refreshToken: r.data!.refreshToken! };
}

describe('self-exclusion', () => {
  it('ends every session, refuses sign-in with the date until the operator lifts it', async () => {
    const { uid, refreshToken } = await signedIn();
    const other = w.session.token;
    const until = w.clock.now() + 30 * DAY;
    expect((await w.api.call('rtSelfExclude', { until })).code).toBe(0);
    // Both this session and its refresh token are gone.
    w.session.token = other;
    expect((await w.api.call('userBalance', {})).code).not.toBe(0);
    expect(w.expired).toContain('401');
    const again = await w.api.call('refresh', { refreshToken, token: other! });
    expect(again.code).not.toBe(0);
    const r = await signIn(w, EMAIL);
    expect(r.code).toBe(1123);
    expect(r.reply?.data).toEqual({ until });
    // The second factor's first step is refused too: no code goes out.
    w.sim.backOffice.setTwoFactor(uid, true);
    const sent = w.sim.backOffice.outbox(EMAIL).length;
    expect((await signIn(w, EMAIL)).code).toBe(1123);
    expect(w.sim.backOffice.outbox(EMAIL)).toHaveLength(sent);
    w.sim.backOffice.setTwoFactor(uid, false);
    expect(w.sim.backOffice.responsibleOf(uid).selfExcludedUntil).toBe(until);
    w.sim.backOffice.liftSelfExclusion(uid);
    expect(w.sim.backOffice.responsibleOf(uid).selfExcludedUntil).toBeNull();
    expect((await signIn(w, EMAIL)).code).toBe(0);
  });

  it('ends by itself at the date', async () => {
    await signedIn();
    expect((await w.api.call('rtSelfExclude', { until: w.clock.now() + DAY })).code).toBe(0);
    w.clock.advance(DAY - 1000);
    expect((await signIn(w, EMAIL)).code).toBe(1123);
    w.clock.advance(1000);
    expect((await signIn(w, EMAIL)).code).toBe(0);
  });

  it('refuses a date under a day or over five years ahead, and changes nothing', async () => {
    const { uid } = await signedIn();
    const now = w.clock.now();
    for (const until of [now + DAY - 1, now + 5 * 366 * DAY, 0]) {
      expect((await w.api.call('rtSelfExclude', { until })).code).toBe(1001);
    }
    expect((await w.api.call('userBalance', {})).code).toBe(0);
    expect(w.sim.backOffice.responsibleOf(uid).selfExcludedUntil).toBeNull();
  });

  it('refuses a refresh of a session signed in before, with the date', async () => {
    const { uid, refreshToken } = await signedIn();
    const token = w.session.token!;
    // Set by the operator's side (as a second device's self-exclusion would, without ending this one).
    const until = w.clock.now() + 2 * DAY;
    w.sim.ctx.state.users[uid]!.selfExcludedUntil = until;
    const r = await w.api.call('refresh', { refreshToken, token });
    expect(r.code).toBe(1123);
    expect(r.reply?.data).toEqual({ until });
  });
});

describe('session time limit', () => {
  it('after the limit from sign-in (refresh keeps it), the next call gets 1124 and the session ends', async () => {
    const { refreshToken } = await signedIn();
    const s = await setLimits(w, { sessionMinutes: 30 });
    expect(s.limits.sessionMinutes).toBe(30);
    // A refresh 20 minutes in does not start the count again.
    w.clock.advance(20 * 60_000);
    const r = await w.api.call('refresh', { refreshToken, token: w.session.token! });
    expect(r.code).toBe(0);
    w.session.token = r.data!.token;
    const rt2 = r.data!.refreshToken!;
    expect((await w.api.call('userBalance', {})).code).toBe(0);
    w.clock.advance(10 * 60_000 + 1000);
    const token = w.session.token!;
    const ended = await w.api.call('userBalance', {});
    expect(ended.code).toBe(1124);
    expect(ended.reply?.data).toEqual({ minutes: 30 });
    // The client forgets the session (1124 ends it); its tokens are no longer valid either.
    expect(w.expired).toEqual(['1124']);
    expect(w.session.token).toBeUndefined();
    w.session.token = token;
    expect((await w.api.call('userBalance', {})).code).not.toBe(0);
    expect((await w.api.call('refresh', { refreshToken: rt2, token })).code).toBe(23519);
    // A new sign-in works, with a count of its own.
    expect((await signIn(w, EMAIL)).code).toBe(0);
    expect((await rtState(w)).limits.sessionMinutes).toBe(30);
  });
});
