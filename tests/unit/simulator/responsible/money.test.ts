/**
 * Money limits as a caller sees them: each limit refuses with its code and
 * RtRefusal and changes nothing; lowering applies at once, raising waits for
 * the cooling-off on the shifted clock; demo trading is not limited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { trader, type Trader } from '../trading/support.ts';
import { deposit } from '../account/helpers.ts';
import { periodOf } from '../../../../src/simulator/modules/responsible/periods.ts';
import { DAY, HOUR, rtState, setLimits, snapshot } from './support.ts';

let t: Trader;
afterEach(() => t?.w.sim.stop());

const NY = 'America/New_York';

describe('money limits', () => {
  it('a turnover limit refuses the option that would pass it, with which limit and when it resets', async () => {
    t = await trader();
    await setLimits(t.w, { turnover: { day: 150 } });
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 100 })).code).toBe(0);
    const before = snapshot(t.w, t.uid);
    const r = await t.option({ tradePair: 'BTCUSDT', amount: 100 });
    expect(r.code).toBe(1122);
    expect(r.reply?.data).toEqual({
      limit: 'turnover',
      period: 'day',
      amount: 150,
      used: 100,
      resetsAt: periodOf('day', t.w.clock.now(), NY).end,
    });
    expect(snapshot(t.w, t.uid)).toEqual(before);
    // Up to the limit exactly is allowed.
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 50 })).code).toBe(0);
    expect((await rtState(t.w)).usage.turnover).toEqual({ day: 150, week: 150, month: 150 });
  });

  it('a loss limit counts the most a new trade can lose: a market order by its margin', async () => {
    t = await trader();
    await setLimits(t.w, { loss: { week: 1 } });
    const before = snapshot(t.w, t.uid);
    const r = await t.order({ tradePair: 'BTCUSDT', orderQuantity: 0.01 });
    expect(r.code).toBe(1121);
    expect(r.reply?.data).toMatchObject({ limit: 'loss', period: 'week', amount: 1, used: 0 });
    expect((r.reply?.data as unknown as { resetsAt: number }).resetsAt).toBe(
      periodOf('week', t.w.clock.now(), NY).end,
    );
    expect(snapshot(t.w, t.uid)).toEqual(before);
  });

  it('a monthly turnover limit refuses a market order and counts placed orders by margin', async () => {
    t = await trader();
    expect((await t.order({ tradePair: 'BTCUSDT', orderQuantity: 0.01 })).code).toBe(0);
    const used = (await rtState(t.w)).usage.turnover.month;
    expect(used).toBeGreaterThan(0);
    await setLimits(t.w, { turnover: { month: used + 0.01 } });
    const before = snapshot(t.w, t.uid);
    const r = await t.order({ tradePair: 'BTCUSDT', orderQuantity: 0.01 });
    expect(r.code).toBe(1122);
    expect(r.reply?.data).toMatchObject({ limit: 'turnover', period: 'month', used });
    expect(snapshot(t.w, t.uid)).toEqual(before);
  });

  it('the tightest limit passed is reported, the shortest period first on a tie', async () => {
    t = await trader();
    await setLimits(t.w, { turnover: { day: 100, week: 100, month: 50 } });
    const r = await t.option({ tradePair: 'BTCUSDT', amount: 120 });
    expect(r.reply?.data).toMatchObject({ limit: 'turnover', period: 'month', amount: 50 });
    await setLimits(t.w, { turnover: { day: 40, week: 40, month: 40 } });
    const r2 = await t.option({ tradePair: 'BTCUSDT', amount: 120 });
    expect(r2.reply?.data).toMatchObject({ period: 'day', amount: 40 });
  });

  it('demo trading is not limited', async () => {
    t = await trader();
    await setLimits(t.w, { turnover: { day: 1 }, loss: { day: 1 } });
    const sw = await t.w.api.call('switchUser', {});
    expect(sw.code).toBe(0);
    t.w.session.token = sw.data!.token;
    expect((await t.order({ tradePair: 'BTCUSDT', orderQuantity: 0.01 })).code).toBe(0);
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 100 })).code).toBe(0);
    // The limits are the user's: the demo session sees them too.
    expect((await rtState(t.w)).limits.turnover).toEqual({ day: 1 });
  });

  it('two orders at once cannot pass a limit together', async () => {
    t = await trader();
    await setLimits(t.w, { turnover: { day: 150 } });
    const rs = await Promise.all([
      t.option({ tradePair: 'BTCUSDT', amount: 100 }),
      t.option({ tradePair: 'BTCUSDT', amount: 100 }),
    ]);
    expect(rs.map((r) => r.code).sort()).toEqual([0, 1122]);
  });

  it('a deposit limit counts deposits in review and approved, not rejected ones', async () => {
    t = await trader();
    await setLimits(t.w, { deposit: { day: 2500 } });
    expect(await deposit(t.w, '1000')).toBe(0);
    const before = snapshot(t.w, t.uid);
    const r = await t.w.api.call('userDeposit', {
      metaData: JSON.stringify({ coinId: '101', amt: '1600', said: '', locale: 'en' }),
      depositProof: new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }),
    } as { metaData: string; depositProof: Blob });
    expect(r.code).toBe(1120);
    expect(r.reply?.data).toMatchObject({
      limit: 'deposit',
      period: 'day',
      amount: 2500,
      used: 1000,
    });
    expect(snapshot(t.w, t.uid)).toEqual(before);
    const [req] = t.w.sim.backOffice.walletRequests(t.uid);
    t.w.sim.backOffice.rejectDeposit(req!.id, 'no');
    expect((await rtState(t.w)).usage.deposit.day).toBe(0);
    expect(await deposit(t.w, '1000')).toBe(0);
    // Approved, it still counts.
    const [again] = t.w.sim.backOffice.walletRequests(t.uid).filter((x) => x.payState === 0);
    t.w.sim.backOffice.approveDeposit(again!.id);
    expect((await rtState(t.w)).usage.deposit.day).toBe(1000);
  });

  it('a settled losing option counts towards the loss, a winning one nets it', async () => {
    t = await trader();
    for (let i = 0; i < 4; i++)
      expect((await t.option({ tradePair: 'BTCUSDT', amount: 10 })).code).toBe(0);
    t.w.clock.advance(2 * 60_000);
    await t.refresh();
    const s = await rtState(t.w);
    const net = Object.values(t.w.sim.ctx.state.trading.options)
      .filter((o) => o.uid === t.uid)
      .reduce((a, o) => a + Number(o.winLost), 0);
    expect(s.usage.loss.day).toBe(Math.max(0, -Math.round(net * 100) / 100));
    expect(s.usage.turnover.day).toBe(40);
  });
});

describe('changing limits', () => {
  it('a lower or new limit applies at once; a raise waits 24 h on the server clock, not less', async () => {
    t = await trader();
    const now = t.w.clock.now();
    let s = await setLimits(t.w, { turnover: { day: 100 } });
    expect(s.limits.turnover).toEqual({ day: 100 });
    expect(s.pending).toEqual([]);
    s = await setLimits(t.w, { turnover: { day: 50 } });
    expect(s.limits.turnover).toEqual({ day: 50 });
    s = await setLimits(t.w, { turnover: { day: 500 } });
    expect(s.limits.turnover).toEqual({ day: 50 });
    expect(s.pending).toEqual([{ key: 'turnover.day', value: 500, appliesAt: now + DAY }]);
    expect(s.coolingOffMs).toBe(DAY);
    t.w.clock.advance(DAY - 60_000);
    await t.refresh();
    expect((await rtState(t.w)).limits.turnover).toEqual({ day: 50 });
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 100 })).code).toBe(1122);
    t.w.clock.advance(60_000);
    await t.refresh();
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 100 })).code).toBe(0);
    s = await rtState(t.w);
    expect(s.limits.turnover).toEqual({ day: 500 });
    expect(s.pending).toEqual([]);
  });

  it('a time skip applies a pending change', async () => {
    t = await trader();
    await setLimits(t.w, { sessionMinutes: 60 });
    await setLimits(t.w, {});
    t.w.clock.advance(DAY + HOUR);
    await t.refresh();
    expect((await rtState(t.w)).limits.sessionMinutes).toBeUndefined();
  });

  it('a removal waits too; asking again for the value in force drops the pending change', async () => {
    t = await trader();
    await setLimits(t.w, { loss: { week: 200 }, realityCheckMinutes: 30 });
    let s = await setLimits(t.w, { loss: {}, realityCheckMinutes: 30 });
    expect(s.limits.loss).toEqual({ week: 200 });
    expect(s.pending).toMatchObject([{ key: 'loss.week', value: null }]);
    s = await setLimits(t.w, { loss: { week: 200 }, realityCheckMinutes: 30 });
    expect(s.pending).toEqual([]);
    expect(s.limits).toMatchObject({ loss: { week: 200 }, realityCheckMinutes: 30 });
  });

  it('the operator sets the cooling-off', async () => {
    t = await trader();
    t.w.sim.backOffice.setCoolingOff(1);
    await setLimits(t.w, { turnover: { day: 10 } });
    const s = await setLimits(t.w, { turnover: { day: 20 } });
    expect(s.pending[0]?.appliesAt).toBe(t.w.clock.now() + HOUR);
    expect(() => t.w.sim.backOffice.setCoolingOff(-1)).toThrow();
  });

  it('bad payloads are refused at the edge and change nothing', async () => {
    t = await trader();
    await setLimits(t.w, { turnover: { day: 10 } });
    const bad: unknown[] = [
      { limits: { deposit: { day: -1 }, loss: {}, turnover: {} } },
      { limits: { deposit: { day: 1.234 }, loss: {}, turnover: {} } },
      { limits: { deposit: { year: 1 }, loss: {}, turnover: {} } },
      { limits: { deposit: {}, loss: {} } },
      { limits: { deposit: {}, loss: {}, turnover: {}, sessionMinutes: 0 } },
      { limits: { deposit: {}, loss: {}, turnover: {}, realityCheckMinutes: 1441 } },
      { limits: { deposit: { day: '5' }, loss: {}, turnover: {} } },
      {},
    ];
    for (const p of bad)
      expect((await t.w.api.call('rtSetLimits', p as never)).code, JSON.stringify(p)).toBe(1001);
    expect((await t.w.api.call('rtSelfExclude', { until: 'soon' } as never)).code).toBe(1001);
    const s = await rtState(t.w);
    expect(s.limits).toEqual({ deposit: {}, loss: {}, turnover: { day: 10 } });
    expect(s.pending).toEqual([]);
  });
});
