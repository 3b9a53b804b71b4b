/**
 * The chart toolbar disables a zoom or shift button at its limit
 * (src/ui/chart/nav-limits.ts): a press that cannot move the view is not
 * offered, so no button does nothing without saying why.
 */
import { describe, expect, it } from 'vitest';
import { BAR_SPACE, NAV_NONE, navOf } from '../../../src/ui/chart/nav-limits.ts';

const fake = (o: { bars?: number; bar?: number; from?: number; offset?: number }) => ({
  getDataList: () => Array.from({ length: o.bars ?? 300 }, () => ({})) as never,
  getBarSpace: () => ({ bar: o.bar ?? 8, halfBar: 4, gapBar: 6, halfGapBar: 3 }),
  getVisibleRange: () => ({ from: o.from ?? 200, to: 300, realFrom: o.from ?? 200, realTo: 300 }),
  getOffsetRightDistance: () => o.offset ?? 80,
});

describe('navOf', () => {
  it('at the newest bar with its margin: shift right is not offered, the rest is', () => {
    expect(navOf(fake({}), 80)).toEqual({ zoomIn: true, zoomOut: true, left: true, right: false });
  });

  it('scrolled back: shift right is offered again; a sub-pixel gap is not a move', () => {
    expect(navOf(fake({ offset: 0 }), 80).right).toBe(true);
    expect(navOf(fake({ offset: 79.5 }), 80).right).toBe(false);
  });

  it('the oldest bar in view: shift left is not offered', () => {
    expect(navOf(fake({ from: 0 }), 80).left).toBe(false);
    expect(navOf(fake({ from: 1 }), 80).left).toBe(true);
  });

  it('zoom stops where the next step would pass the bar-width limits', () => {
    expect(navOf(fake({ bar: BAR_SPACE.max }), 80).zoomIn).toBe(false);
    expect(navOf(fake({ bar: BAR_SPACE.max / 1.1 - 0.01 }), 80).zoomIn).toBe(true);
    expect(navOf(fake({ bar: BAR_SPACE.min }), 80).zoomOut).toBe(false);
    expect(navOf(fake({ bar: BAR_SPACE.min / 0.9 + 0.01 }), 80).zoomOut).toBe(true);
  });

  it('no bars (loading, or a product without history): nothing to move', () => {
    expect(navOf(fake({ bars: 0 }), 80)).toEqual(NAV_NONE);
  });
});
