/**
 * Chart (/:symbol/chart and /chart/:symbol): product selector and price
 * header, the chart with its toolbar (a lazy chunk, so klinecharts stays out
 * of the first route), and Buy / Sell behind the chart gate.
 */
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { preferences } from '../../state/preferences.ts';
import type { ScreenProps } from '../router.tsx';
import { useServices } from '../services-context.tsx';
import { BackLink } from '../components/back-link.tsx';
import { previousLocation } from '../hooks/nav-origin.ts';
import { ProductHeader } from '../trade/product-header.tsx';
import { TradeButtons } from '../trade/trade-buttons.tsx';
import { TradeModeSwitch } from '../trade/trade-mode-switch.tsx';
import { withAllTexts } from '../../i18n/index.ts';
import '../chart/chart.css';
import './chart.css';

// The screen shows with the first part of English; the panel's toolbar needs the rest.
const ChartPanel = lazy(() =>
  withAllTexts(() => import('../chart/chart-panel.tsx'))().then((m) => ({
    default: m.ChartPanel,
  })),
);

export function ChartScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const { config } = useServices();
  const [, navigate] = useLocation();
  const { tradeMode } = useSnapshot(preferences);
  const mode = tradeMode ?? config.defaultTradeMode;
  const symbol = params.symbol ?? '';
  const onGo = useCallback(
    (route: 'place' | 'placeOption', direction: number) =>
      navigate(`/${symbol}/${route}?direction=${direction}`),
    [navigate, symbol],
  );
  // trading.md §2 chart: a closed option "shows closed and the user goes back":
  // to the page it was opened from, home when opened directly.
  const onClosed = useCallback(() => {
    if (previousLocation() !== undefined && window.history.length > 1) window.history.back();
    else navigate('/', { replace: true });
  }, [navigate]);
  return (
    <main className="screen chart-screen">
      <header className="screen-header">
        <BackLink />
        <h1 className="visually-hidden">{symbol}</h1>
        <ProductHeader
          symbol={symbol}
          onSymbol={(s) => navigate(`/chart/${s}`, { replace: true })}
        />
      </header>
      <Suspense
        fallback={<div className="chart-skeleton" role="status" aria-label={t('chart.loading')} />}
      >
        <ChartPanel symbol={symbol} />
      </Suspense>
      {/* Phones have no top bar: the mode is chosen here, next to Buy and Sell. */}
      <div className="trade-dock">
        <TradeModeSwitch className="mode-switch" />
        <TradeButtons
          key={`${symbol}-${mode}`}
          symbol={symbol}
          mode={mode}
          onGo={onGo}
          onClosed={onClosed}
        />
      </div>
    </main>
  );
}
