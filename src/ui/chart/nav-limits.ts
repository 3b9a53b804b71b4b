/**
 * Which way the chart's view can still move, so the toolbar disables a zoom
 * or shift button at its limit instead of offering a press that does nothing
 * (the walker's "dead control"). Read from the chart after every change of
 * its visible range (a scroll, a zoom, new bars).
 */
import type { Chart } from 'klinecharts';
import { ZOOM_IN, ZOOM_OUT } from '../../config/constants.ts';

/** The narrowest and widest bar the chart draws (px), set on klinecharts at init. */
export const BAR_SPACE = { min: 1, max: 50 } as const;

export interface ChartNav {
  zoomIn: boolean;
  zoomOut: boolean;
  /** Older bars lie off the left edge. */
  left: boolean;
  /** The newest bar is not yet at its place by the right edge. */
  right: boolean;
}

/** Nothing to move: no bars yet, or none at all. */
export const NAV_NONE: ChartNav = { zoomIn: false, zoomOut: false, left: false, right: false };

/** A move smaller than this (px) is not one a person sees. */
const SEEN_PX = 1;
/** klinecharts reaches the next width by its own arithmetic: stay clear of its rounding. */
const EPS = 1e-6;

/**
 * The chart's limits now. `maxOffsetRight` is the blank margin right of the
 * newest bar the chart allows (setMaxOffsetRightDistance), where a shift right
 * stops.
 */
export function navOf(
  chart: Pick<Chart, 'getDataList' | 'getBarSpace' | 'getVisibleRange' | 'getOffsetRightDistance'>,
  maxOffsetRight: number,
): ChartNav {
  if (chart.getDataList().length === 0) return NAV_NONE;
  const bar = chart.getBarSpace().bar;
  return {
    zoomIn: bar * ZOOM_IN <= BAR_SPACE.max - EPS,
    zoomOut: bar * ZOOM_OUT >= BAR_SPACE.min + EPS,
    left: chart.getVisibleRange().from > 0,
    right: chart.getOffsetRightDistance() < maxOffsetRight - SEEN_PX,
  };
}

/** Two readings say the same. */
export const sameNav = (a: ChartNav, b: ChartNav) =>
  a.zoomIn === b.zoomIn && a.zoomOut === b.zoomOut && a.left === b.left && a.right === b.right;
