/** Periods in the server's zone: days across the DST changes, weeks from Monday, months (New York). */
import { afterEach, describe, expect, it } from 'vitest';
import { periodOf } from '../../../../src/simulator/modules/responsible/periods.ts';
import { trader, type Trader, T0 } from '../trading/support.ts';
import { HOUR, rtState } from './support.ts';

const NY = 'America/New_York';
let t: Trader;
afterEach(() => t?.w.sim.stop());

describe('periods in New York', () => {
  it('a day is midnight to midnight, 23 h when the clocks go forward and 25 h when they go back', () => {
    // Wed 18 Nov 2026 10:00 EST.
    expect(periodOf('day', T0, NY)).toEqual({
      start: Date.UTC(2026, 10, 18, 5),
      end: Date.UTC(2026, 10, 19, 5),
    });
    // Sun 8 Mar 2026: 02:00 EST becomes 03:00 EDT.
    const spring = periodOf('day', Date.UTC(2026, 2, 8, 12), NY);
    expect(spring).toEqual({ start: Date.UTC(2026, 2, 8, 5), end: Date.UTC(2026, 2, 9, 4) });
    expect(spring.end - spring.start).toBe(23 * HOUR);
    // Sun 1 Nov 2026: 02:00 EDT becomes 01:00 EST.
    const autumn = periodOf('day', Date.UTC(2026, 10, 1, 12), NY);
    expect(autumn).toEqual({ start: Date.UTC(2026, 10, 1, 4), end: Date.UTC(2026, 10, 2, 5) });
    expect(autumn.end - autumn.start).toBe(25 * HOUR);
    // 23:30 local on 31 Oct (03:30 UTC on 1 Nov) is still 31 Oct.
    expect(periodOf('day', Date.UTC(2026, 10, 1, 3, 30), NY).start).toBe(Date.UTC(2026, 9, 31, 4));
  });

  it('a week runs from Monday midnight, across a DST change', () => {
    expect(periodOf('week', T0, NY)).toEqual({
      start: Date.UTC(2026, 10, 16, 5),
      end: Date.UTC(2026, 10, 23, 5),
    });
    // Sunday 1 Nov belongs to the week of Monday 26 Oct (EDT), which ends on Monday 2 Nov (EST).
    expect(periodOf('week', Date.UTC(2026, 10, 1, 12), NY)).toEqual({
      start: Date.UTC(2026, 9, 26, 4),
      end: Date.UTC(2026, 10, 2, 5),
    });
    // Monday just after midnight starts a new week; just before, the old one.
    expect(periodOf('week', Date.UTC(2026, 10, 23, 5), NY).start).toBe(Date.UTC(2026, 10, 23, 5));
    expect(periodOf('week', Date.UTC(2026, 10, 23, 5) - 1, NY).start).toBe(
      Date.UTC(2026, 10, 16, 5),
    );
  });

  it('a month runs from the 1st, at the offset in force then', () => {
    expect(periodOf('month', T0, NY)).toEqual({
      start: Date.UTC(2026, 10, 1, 4),
      end: Date.UTC(2026, 11, 1, 5),
    });
    expect(periodOf('month', Date.UTC(2026, 11, 31, 12), NY)).toEqual({
      start: Date.UTC(2026, 11, 1, 5),
      end: Date.UTC(2027, 0, 1, 5),
    });
  });

  it('rtLimits says when each period resets, and usage starts again after it', async () => {
    t = await trader();
    const s = await rtState(t.w);
    expect(s.timezone).toBe(NY);
    expect(s.resets).toEqual({
      day: Date.UTC(2026, 10, 19, 5),
      week: Date.UTC(2026, 10, 23, 5),
      month: Date.UTC(2026, 11, 1, 5),
    });
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 100 })).code).toBe(0);
    expect((await rtState(t.w)).usage.turnover).toEqual({ day: 100, week: 100, month: 100 });
    // To the next New York midnight: a new day, the same week and month.
    t.w.clock.advance(Date.UTC(2026, 10, 19, 5) - t.w.clock.now());
    await t.refresh();
    expect((await rtState(t.w)).usage.turnover).toEqual({ day: 0, week: 100, month: 100 });
  });

  it('the operator may count in another zone', async () => {
    t = await trader();
    t.w.sim.backOffice.setRtTimezone('Asia/Tokyo');
    const s = await rtState(t.w);
    // 19 Nov 00:00 in Tokyo is 18 Nov 15:00 UTC: T0 is that instant, so the day just began.
    expect(s.resets.day).toBe(Date.UTC(2026, 10, 19, 15));
    expect(() => t.w.sim.backOffice.setRtTimezone('Mars/Olympus')).toThrow();
  });
});
