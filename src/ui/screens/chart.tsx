/**
 * Chart (/:symbol/chart and /chart/:symbol): the product's name and its chart
 * with the toolbar. The chart is a lazy chunk, so klinecharts stays out of
 * the first route.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { prices } from '../../state/prices.ts';
import type { ScreenProps } from '../router.tsx';
import '../chart/chart.css';

const ChartPanel = lazy(() =>
  import('../chart/chart-panel.tsx').then((m) => ({ default: m.ChartPanel })),
);

/** Name and product name; its own component, so a price tick re-renders only this. */
function ProductTitle({ symbol }: { symbol: string }) {
  const q = useSnapshot(prices).bySymbol[symbol];
  return (
    <h1 className="screen-title chart-title">
      <span>{q?.name ?? symbol}</span>
      {q?.productName && <span className="sub">{q.productName}</span>}
    </h1>
  );
}

export function ChartScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const symbol = params.symbol ?? '';
  return (
    <main className="screen chart-screen">
      <header className="screen-header">
        <Link href="/" aria-label={t('chart.back')} className="icon-btn">
          ‹
        </Link>
        <ProductTitle symbol={symbol} />
      </header>
      <Suspense
        fallback={<div className="chart-skeleton" role="status" aria-label={t('chart.loading')} />}
      >
        <ChartPanel symbol={symbol} />
      </Suspense>
    </main>
  );
}
