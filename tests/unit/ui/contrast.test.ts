import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from '../../../src/ui/contrast.ts';

describe('contrast', () => {
  it('measures WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(contrastRatio('#16a34a', '#ffffff')).toBeCloseTo(3.3, 1);
    expect(contrastRatio('rgb(37, 99, 235)', '#ffffff')).toBeCloseTo(5.17, 1);
    expect(contrastRatio('not a colour', '#fff')).toBe(1);
  });

  it('darkens a colour on a light background just enough', () => {
    const up = readableOn('#16a34a', '#f6f7fb');
    expect(contrastRatio(up, '#f6f7fb')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(up, '#f6f7fb')).toBeLessThan(5.2);
  });

  it('lightens a colour on a dark background', () => {
    const down = readableOn('#dc2626', '#111a2e');
    expect(contrastRatio('#dc2626', '#111a2e')).toBeLessThan(4.5);
    expect(contrastRatio(down, '#111a2e')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(down, '#ffffff')).toBeLessThan(contrastRatio('#dc2626', '#ffffff'));
  });

  it('keeps a colour that already reads, and one it cannot parse', () => {
    expect(readableOn('#15803d', '#ffffff')).toBe('#15803d');
    expect(readableOn('tomato', '#ffffff')).toBe('tomato');
  });
});
