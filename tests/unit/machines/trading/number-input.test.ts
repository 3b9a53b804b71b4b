import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decimalsOf,
  numberOf,
  sanitizeNumber,
} from '../../../../src/machines/validation/number-input.ts';

describe('sanitizeNumber (trading.md §5 "Number inputs")', () => {
  it.each([
    ['12.345', 2, '12.34'],
    ['12,5', 2, '12.5'],
    ['1,234.5', 2, '1.23'],
    ['abc1x2.3y', 2, '12.3'],
    ['-5', 2, '5'],
    ['1.2.3', 2, '1.23'],
    ['1..5', 2, '1.5'],
    ['.5', 2, '0.5'],
    ['.05', 2, '0.05'],
    ['..5', 2, '0.5'],
    ['.', 2, '0.'],
    ['.5', 0, '0.'],
    ['', 2, ''],
    ['7.', 2, '7.'],
    ['0.001', 2, '0.00'],
    ['3.14159', 4, '3.1415'],
    ['3.9', 0, '3.'],
    ['10.', 0, '10.'],
    ['1e5', 2, '15'],
    [' 4 2 ', 2, '42'],
  ])('%j at precision %i is %j', (input, precision, out) => {
    expect(sanitizeNumber(input, precision)).toBe(out);
  });

  it('an order field gives a leading dot its zero; the wallet drops it (user-centre.md §5)', () => {
    // Dropping it made ".5" lots 5 lots: ten times the order typed, placed without a word.
    expect(sanitizeNumber('.5', 2)).toBe('0.5');
    expect(sanitizeNumber('.5', 2, 'drop')).toBe('5');
    expect(sanitizeNumber('.', 2, 'drop')).toBe('');
    expect(sanitizeNumber('..', 2, 'drop')).toBe('');
  });

  it('typed key by key, a decimal past the precision is cut, never joined to the whole', () => {
    // What a field shows after each key (machines sanitise on every field.change).
    const typed = (keys: string, p: number) =>
      [...keys].reduce((shown, key) => sanitizeNumber(shown + key, p), '');
    // Whole shares: 1.5 once became 15, ten times the order typed.
    expect(typed('1.5', 0)).toBe('1.');
    expect(typed('2,5', 0)).toBe('2.');
    expect(typed('1.234', 2)).toBe('1.23');
    expect(typed('.5', 2)).toBe('0.5');
  });

  it('defaults to 2 decimals', () => {
    expect(sanitizeNumber('1.23456')).toBe('1.23');
  });

  it('always yields digits with at most one dot, not leading, and at most the precision', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 8 }), (s, p) => {
        for (const lead of ['zero', 'drop'] as const) {
          const out = sanitizeNumber(s, p, lead);
          expect(out).toMatch(/^(\d+(\.\d*)?)?$/);
          expect(out.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(p);
          if (p === 0) expect(out).toMatch(/^(\d+\.?)?$/);
          // Sanitising is idempotent: a kept value stays as it is.
          expect(sanitizeNumber(out, p, lead)).toBe(out);
        }
      }),
    );
  });

  it('keeps a value the user typed correctly', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat({ max: 99 }), (i, d) => {
        const v = `${i}.${String(d).padStart(2, '0')}`;
        expect(sanitizeNumber(v, 2)).toBe(v);
        expect(sanitizeNumber(v.replace('.', ','), 2)).toBe(v);
      }),
    );
  });
});

describe('decimalsOf / numberOf', () => {
  it('counts decimals', () => {
    expect(decimalsOf(0.01)).toBe(2);
    expect(decimalsOf(1)).toBe(0);
    expect(decimalsOf(0.00001)).toBe(5);
    expect(decimalsOf(1e-7)).toBe(7);
    expect(decimalsOf(1.5e-7)).toBe(8);
  });
  it('reads sanitised values', () => {
    expect(numberOf('')).toBeUndefined();
    expect(numberOf('7.')).toBe(7);
    expect(numberOf('0.25')).toBe(0.25);
  });
});
