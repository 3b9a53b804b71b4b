/** Market hours in New York time across daylight-saving changes. */
import { describe, expect, it } from 'vitest';
import {
  isFullDay,
  marketStatusAt,
  openIntervals,
  lastOpenAt,
  intlNyOffset,
  nyDate,
  ruleNyOffset,
  nyWall,
} from '../../../src/api/hours.ts';
import { HOURS } from '../../../src/simulator/catalogue.ts';
import { slow } from '../../support/time-scale.ts';

const utc = (s: string) => Date.parse(`${s}Z`);

describe('market hours', () => {
  it('opens US stocks at 09:30 New York: 14:30 UTC in winter, 13:30 UTC in summer', () => {
    expect(marketStatusAt(HOURS.usStock, utc('2026-03-06T14:29:59'))).toBe('early_trading');
    expect(marketStatusAt(HOURS.usStock, utc('2026-03-06T14:30:00'))).toBe('open');
    // Sunday 8 March 2026 the clocks go forward; Monday opens an hour earlier in UTC.
    expect(marketStatusAt(HOURS.usStock, utc('2026-03-09T13:29:59'))).toBe('early_trading');
    expect(marketStatusAt(HOURS.usStock, utc('2026-03-09T13:30:00'))).toBe('open');
    expect(marketStatusAt(HOURS.usStock, utc('2026-03-09T20:00:00'))).toBe('closed');
    // Sunday 1 November 2026 they go back.
    expect(marketStatusAt(HOURS.usStock, utc('2026-10-30T13:30:00'))).toBe('open');
    expect(marketStatusAt(HOURS.usStock, utc('2026-11-02T13:30:00'))).toBe('early_trading');
    expect(marketStatusAt(HOURS.usStock, utc('2026-11-02T14:30:00'))).toBe('open');
    expect(marketStatusAt(HOURS.usStock, utc('2026-11-07T15:00:00'))).toBe('closed');
  });

  it('runs forex from Sunday 17:00 to Friday 17:00 New York, on both sides of the change', () => {
    expect(marketStatusAt(HOURS.forex, utc('2026-03-08T20:59:59'))).toBe('closed');
    expect(marketStatusAt(HOURS.forex, utc('2026-03-08T21:00:00'))).toBe('open');
    expect(marketStatusAt(HOURS.forex, utc('2026-11-01T21:59:59'))).toBe('closed');
    expect(marketStatusAt(HOURS.forex, utc('2026-11-01T22:00:00'))).toBe('open');
    expect(marketStatusAt(HOURS.forex, utc('2026-11-04T04:00:00'))).toBe('open');
    expect(marketStatusAt(HOURS.forex, utc('2026-11-06T21:59:59'))).toBe('open');
    expect(marketStatusAt(HOURS.forex, utc('2026-11-06T22:00:00'))).toBe('closed');
  });

  it('treats a 24 h − 1 s window as always open', () => {
    expect(isFullDay('00:00:00', '23:59:59')).toBe(true);
    expect(isFullDay('00:00:00', '23:59:58')).toBe(false);
    for (const t of [
      '2026-03-08T07:00:00',
      '2026-11-01T05:30:00',
      '2026-11-21T23:59:59',
      '2026-11-22T00:00:00',
    ]) {
      expect(marketStatusAt(HOURS.always, utc(t)), t).toBe('open');
    }
    const iv = openIntervals(HOURS.always, utc('2026-11-16T00:00:00'), utc('2026-11-23T00:00:00'));
    expect(iv).toHaveLength(1);
  });

  it('finds the last open instant of a closed market', () => {
    const sat = utc('2026-11-21T12:00:00');
    expect(lastOpenAt(HOURS.forex, sat)).toBe(utc('2026-11-20T22:00:00') - 1);
  });

  it(
    "keeps New York's offset by the US rule equal to the runtime's database, every hour of 2007-2040",
    () => {
      const H = 3_600_000;
      const wrong: string[] = [];
      for (let t = Date.UTC(2007, 0, 1); t < Date.UTC(2041, 0, 1); t += H)
        // Each hour's first and last millisecond: the changes fall on the hour.
        for (const at of [t, t + H - 1])
          if (ruleNyOffset(at) !== intlNyOffset(at)) wrong.push(new Date(at).toISOString());
      expect(wrong.slice(0, 5)).toEqual([]);
      // The changes of 2026: 08 March 07:00 UTC and 01 November 06:00 UTC.
      expect(ruleNyOffset(Date.UTC(2026, 2, 8, 7) - 1)).toBe(-5 * H);
      expect(ruleNyOffset(Date.UTC(2026, 2, 8, 7))).toBe(-4 * H);
      expect(ruleNyOffset(Date.UTC(2026, 10, 1, 6) - 1)).toBe(-4 * H);
      expect(ruleNyOffset(Date.UTC(2026, 10, 1, 6))).toBe(-5 * H);
      // Outside the rule's years the database answers.
      expect(ruleNyOffset(Date.UTC(2006, 5, 1))).toBeUndefined();
      expect(nyDate(Date.UTC(2006, 5, 1, 3))).toBe('2006-05-31');
      // 600,000 lookups in the runtime's database: seconds alone, far more beside another job.
    },
    slow(120_000),
  );

  it("gives the runtime zone's New York date and wall times (offset cached per hour) over 2024-2030", () => {
    const fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const H = 3_600_000;
    // Every hour at a minute that moves along, so each part of an hour is checked somewhere.
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2031, 0, 1); t += H) {
      const at = t + ((t / H) % 60) * 60_000 + 59_999;
      expect(nyDate(at)).toBe(fmt.format(at));
    }
    // The spring gap and the autumn overlap of 2026: 08 March and 01 November.
    expect(nyWall('2026-03-07', '12:00:00')).toBe(Date.UTC(2026, 2, 7, 17));
    expect(nyWall('2026-03-08', '12:00:00')).toBe(Date.UTC(2026, 2, 8, 16));
    expect(nyWall('2026-11-01', '00:30:00')).toBe(Date.UTC(2026, 10, 1, 4, 30));
    expect(nyWall('2026-11-01', '12:00:00')).toBe(Date.UTC(2026, 10, 1, 17));
  });
});
