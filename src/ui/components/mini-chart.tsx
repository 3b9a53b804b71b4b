/**
 * The 30-minute mini chart of a hot-product card: 1-minute closes as an SVG
 * line, no chart library. The last point follows the live price.
 */
import { useEffect, useState } from 'react';
import { MINI_CHART_MINUTES } from '../../config/constants.ts';
import { useLiveQuote } from '../hooks/use-live-quote.ts';
import { serverNow } from '../../state/server-clock.ts';
import { useServices } from '../services-context.tsx';
import { svgNumber } from '../format.ts';

const W = 120;
const H = 36;

export function MiniChart({ symbol }: { symbol: string }) {
  const { api } = useServices();
  const [closes, setCloses] = useState<number[]>([]);
  const live = useLiveQuote(symbol)?.price;

  useEffect(() => {
    const ctl = new AbortController();
    // The server's last 30 minutes, whatever the device's clock says.
    const to = serverNow();
    void api
      .call(
        'klineHistory',
        { symbol, period: '1min', from: to - MINI_CHART_MINUTES * 60_000, to },
        { quiet: true, signal: ctl.signal },
      )
      .then((r) => r.data && setCloses(r.data.map((k) => k.closePrice)));
    return () => ctl.abort();
  }, [api, symbol]);

  const points = closes.length && live !== undefined ? [...closes.slice(0, -1), live] : closes;
  if (points.length < 2)
    return <svg className="mini-chart" width={W} height={H} aria-hidden="true" />;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const d = points
    .map(
      (p, i) =>
        `${svgNumber((i / (points.length - 1)) * W)},${svgNumber(H - 2 - ((p - min) / span) * (H - 4))}`,
    )
    .join(' ');
  return (
    <svg
      className="mini-chart"
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      aria-hidden="true"
      preserveAspectRatio="none"
    >
      <polyline points={d} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
