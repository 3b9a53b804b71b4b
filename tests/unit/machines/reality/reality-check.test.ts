/**
 * The reality check on a virtual clock: the reminder comes at whole intervals
 * since sign-in, Continue waits one more interval, Log out ends it; the
 * summary counts this session's trades and realised P&L from the server's
 * lists (market orders placed, closed; options placed, settled), not earlier ones.
 */
import Big from 'big.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  firstDelay,
  realityCheckMachine,
  type SessionSummary,
} from '../../../../src/machines/realityCheck/machine.ts';
import { readSessionSummary } from '../../../../src/machines/realityCheck/actors.ts';
import { trader, type Trader } from '../../simulator/trading/support.ts';

const MIN = 60_000;

describe('reality check machine', () => {
  it('shows after the interval, again one interval after Continue, and ends on Log out', async () => {
    const clock = new SimulatedClock();
    const summary: SessionSummary = { elapsedMs: 0, tradesPlaced: 2, profitLoss: '-3.50' };
    const actor = createActor(
      realityCheckMachine.provide({
        actors: { summarise: fromPromise(async () => summary) },
      }),
      { clock, input: { intervalMs: 30 * MIN, startedAt: 0, now: 10 * MIN } },
    ).start();
    // Signed in 10 minutes ago: the first reminder is at 30 minutes, 20 from now.
    clock.increment(20 * MIN - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(actor.getSnapshot().context.summary).toEqual(summary);
    actor.send({ type: 'reality.continue' });
    clock.increment(30 * MIN - 1);
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    clock.increment(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    actor.send({ type: 'reality.logout' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ logout: true });
  });

  it('still shows (time only) when the summary cannot be read', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      realityCheckMachine.provide({
        actors: {
          summarise: fromPromise<SessionSummary, { startedAt: number }>(async () => {
            throw new Error('offline');
          }),
        },
      }),
      { clock, input: { intervalMs: MIN, startedAt: 0, now: 0 } },
    ).start();
    clock.increment(MIN);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(actor.getSnapshot().context.summary).toBeUndefined();
  });

  it('falls on whole intervals since sign-in after a reload', () => {
    expect(firstDelay(30 * MIN, 0, 0)).toBe(30 * MIN);
    expect(firstDelay(30 * MIN, 0, 45 * MIN)).toBe(15 * MIN);
    expect(firstDelay(30 * MIN, 1000, 1000 + 60 * MIN)).toBe(30 * MIN);
  });
});

describe('reality check summary from the simulator', () => {
  let t: Trader;
  afterEach(() => t?.w.sim.stop());

  it("counts this session's trades and realised P&L only", async () => {
    t = await trader({ deposit: 10_000 });
    // Before the session: one order placed and closed.
    const early = await t.order({ tradePair: 'BTCUSDT' });
    expect(early.code).toBe(0);
    t.w.clock.advance(4 * MIN);
    await t.refresh();
    const list0 = (await t.w.api.call('userOrder', { page: 1, limit: 10, positionStatus: 1 }))
      .data!;
    await t.w.api.call('closeOrder', { orderId: list0.list[0]!.id, token: t.token });

    t.w.clock.advance(MIN);
    const startedAt = t.w.clock.now();
    // This session: a market order closed, a pending order, an option settled.
    await t.order({ tradePair: 'ETHUSDT' });
    const q = await t.quote('ETHUSDT');
    await t.order({ tradePair: 'ETHUSDT', buyPoint: 1, price: q.price * 0.5 });
    expect((await t.option({ tradePair: 'BTCUSDT', timeLong: 60 })).code).toBe(0);
    t.w.clock.advance(4 * MIN);
    await t.refresh();
    const open = (await t.w.api.call('userOrder', { page: 1, limit: 10, positionStatus: 2 })).data!;
    expect(open.list).toHaveLength(2);
    expect(
      (
        await t.w.api.call('closeOrder', {
          orderId: open.list.find((o) => o.buyPoint === 2)!.id,
          token: t.token,
        })
      ).code,
    ).toBe(0);

    const s = await readSessionSummary(t.w.api, {
      startedAt,
      now: () => t.w.clock.now(),
      demo: false,
    });
    const closed = (
      await t.w.api.call('userOrder', { page: 1, limit: 10, positionStatus: 3 })
    ).data!.list.find((o) => o.tradePair === 'ETHUSDT')!;
    const settled = (
      await t.w.api.call('userOptionHistory', { page: 1, limit: 10, positionStatus: 1 })
    ).data!.items[0]!;
    expect(s.tradesPlaced).toBe(3);
    expect(s.profitLoss).toBe(new Big(closed.profitLoss).plus(settled.winLost!).toFixed(2));
    expect(s.elapsedMs).toBe(t.w.clock.now() - startedAt);
  });
});
