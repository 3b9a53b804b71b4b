/** The responsible form's pure parts: each value's check, the wanted values, the dates of self-exclusion. */
import { describe, expect, it } from 'vitest';
import {
  changedKeys,
  checkValue,
  exclusionRange,
  limitsOf,
  UNTIL_MARGIN_MS,
  untilOf,
  wantedForm,
  zonedMidnight,
} from '../../../../src/machines/responsible/form.ts';
import type { RtState } from '../../../../src/api/types/responsible.ts';

const state = (over: Partial<RtState> = {}): RtState => ({
  limits: { deposit: { day: 100 }, loss: {}, turnover: { month: 5000 }, sessionMinutes: 60 },
  pending: [],
  usage: {
    deposit: { day: 0, week: 0, month: 0 },
    loss: { day: 0, week: 0, month: 0 },
    turnover: { day: 0, week: 0, month: 0 },
  },
  resets: { day: 0, week: 0, month: 0 },
  coolingOffMs: 86_400_000,
  timezone: 'America/New_York',
  ...over,
});

describe('responsible form', () => {
  it('checks amounts: a number >= 0, at most 2 decimals, at most 1,000,000,000; empty is no limit', () => {
    expect(checkValue('deposit.day', '')).toBeUndefined();
    expect(checkValue('deposit.day', '0')).toBeUndefined();
    expect(checkValue('deposit.day', '12.34')).toBeUndefined();
    expect(checkValue('deposit.day', '1000000000')).toBeUndefined();
    expect(checkValue('deposit.day', '-1')).toBe('responsible.errAmount');
    expect(checkValue('deposit.day', 'abc')).toBe('responsible.errAmount');
    expect(checkValue('deposit.day', '1.234')).toBe('responsible.errDecimals');
    expect(checkValue('deposit.day', '1000000000.01')).toBe('responsible.errMax');
  });

  it('checks minutes: whole, 1..1440', () => {
    expect(checkValue('sessionMinutes', '1')).toBeUndefined();
    expect(checkValue('realityCheckMinutes', '1440')).toBeUndefined();
    for (const bad of ['0', '1441', '1.5', 'x'])
      expect(checkValue('sessionMinutes', bad)).toBe('responsible.errMinutes');
  });

  it('starts from the wanted values: a pending change where one waits, else the value in force', () => {
    const f = wantedForm(
      state({
        pending: [
          { key: 'deposit.day', value: 500, appliesAt: 1 },
          { key: 'sessionMinutes', value: null, appliesAt: 1 },
        ],
      }),
    );
    expect(f['deposit.day']).toBe('500');
    expect(f.sessionMinutes).toBe('');
    expect(f['turnover.month']).toBe('5000');
    expect(f['loss.week']).toBe('');
    // The payload asks for the whole set: what waits is asked again, not dropped.
    expect(limitsOf(f)).toEqual({ deposit: { day: 500 }, loss: {}, turnover: { month: 5000 } });
    expect(changedKeys({ ...f, 'loss.day': '10' }, f)).toEqual(['loss.day']);
    expect(changedKeys({ ...f, 'deposit.day': '500.00' }, f)).toEqual([]);
  });

  it('self-exclusion runs from tomorrow to five years ahead, in the server zone', () => {
    // 02:30 UTC on 10 March is still 9 March in New York.
    const now = Date.UTC(2026, 2, 10, 2, 30);
    expect(exclusionRange(now, 'America/New_York')).toEqual({
      min: '2026-03-10',
      max: '2031-03-09',
    });
    // Midnight in New York, on either side of the change to summer time (8 March 2026).
    expect(zonedMidnight('2026-03-08', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5));
    expect(zonedMidnight('2026-03-09', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4));
    // At least a day ahead, as the server asks (a minute to spare for the call's way).
    expect(untilOf('2026-03-10', now, 'America/New_York')).toBe(now + 86_400_000 + UNTIL_MARGIN_MS);
    expect(untilOf('2026-03-12', now, 'America/New_York')).toBe(Date.UTC(2026, 2, 12, 4));
  });
});
