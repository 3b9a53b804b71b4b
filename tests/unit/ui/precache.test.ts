import { describe, expect, it } from 'vitest';
import { mayPrecache } from '../../../src/ui/boot/precache.ts';

describe('the service worker’s precache, by connection', () => {
  it('runs where the browser says nothing, and on ordinary connections', () => {
    expect(mayPrecache(undefined)).toBe(true);
    expect(mayPrecache({})).toBe(true);
    expect(mayPrecache({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(mayPrecache({ effectiveType: '3g' })).toBe(true);
  });

  it('is skipped when the trader asks to save data, on a metered link, and on 2G', () => {
    expect(mayPrecache({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(mayPrecache({ effectiveType: '4g', metered: true })).toBe(false);
    expect(mayPrecache({ effectiveType: '2g' })).toBe(false);
    expect(mayPrecache({ effectiveType: 'slow-2g' })).toBe(false);
  });
});
