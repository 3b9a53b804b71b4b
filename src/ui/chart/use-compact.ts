/**
 * Whether the chart's own box is small (a phone, or a small desktop panel):
 * then the OHLC legend shows only under the crosshair and legends get smaller.
 * Measured on the element, not the window, because the desktop panel is small too.
 */
import { useEffect, useState, type RefObject } from 'react';

const isSmall = (w: number, h: number) => w < 600 || h < 520;

export function useCompact(ref: RefObject<HTMLElement | null>): boolean {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setCompact(isSmall(el.clientWidth, el.clientHeight));
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return compact;
}
