/**
 * The desktop workspace: quotation, place order, chart and list panels, with
 * the side buttons that toggle positions and history.
 */
import { lazy, Suspense, useCallback, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { chooseSymbol, DEFAULT_SYMBOL, ui, type ListTab } from '../../state/ui.ts';
import { preferences } from '../../state/preferences.ts';
import type { OrderDirection } from '../../api/types/trading.ts';
import { useServices } from '../services-context.tsx';
import { ProductHeader } from '../trade/product-header.tsx';
import { TradeButtons } from '../trade/trade-buttons.tsx';
import { QuotationList } from '../screens/quotation.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import '../chart/chart.css';
import './workspace.css';

const ChartPanel = lazy(() =>
  import('../chart/chart-panel.tsx').then((m) => ({ default: m.ChartPanel })),
);

export interface WorkspaceSlots {
  /** The place-order panel for the symbol in focus. */
  PlaceOrder: ComponentType<{ symbol: string }>;
  /** Positions or history. */
  List: ComponentType<{ tab: ListTab }>;
}

function ChartHeader({ symbol }: { symbol: string }) {
  const { config } = useServices();
  const { tradeMode } = useSnapshot(preferences);
  const mode = tradeMode ?? config.defaultTradeMode;
  const onGo = useCallback((_route: string, direction: OrderDirection) => {
    ui.direction = direction;
    ui.placeOpen = true;
  }, []);
  const onClosed = useCallback(() => chooseSymbol(DEFAULT_SYMBOL), []);
  return (
    <div className="chart-head">
      <ProductHeader symbol={symbol} onSymbol={chooseSymbol} />
      <TradeButtons
        key={`${symbol}-${mode}`}
        symbol={symbol}
        mode={mode}
        onGo={onGo}
        onClosed={onClosed}
      />
    </div>
  );
}

/** No product in focus yet (a guest, or prices still on their way): where to choose one. */
function NoProduct() {
  const { t } = useTranslation();
  return (
    <p className="empty-state muted" role="status">
      {t('chart.chooseProduct')}
    </p>
  );
}

export function Workspace({ PlaceOrder, List }: WorkspaceSlots) {
  const { t } = useTranslation();
  const { symbol, placeOpen, listOpen, listTab } = useSnapshot(ui);
  const toggle = (tab: ListTab) => {
    if (listOpen && listTab === tab) ui.listOpen = false;
    else {
      ui.listTab = tab;
      ui.listOpen = true;
    }
  };
  return (
    <div className={`workspace${placeOpen ? ' with-place' : ''}${listOpen ? ' with-list' : ''}`}>
      <aside className="panel quotation-panel" aria-label={t('nav.quotation')}>
        <QuotationList
          onSelect={chooseSymbol}
          searchable
          {...(symbol !== undefined ? { current: symbol } : {})}
        />
      </aside>
      {symbol === undefined ? (
        <section className="panel chart-area" aria-label={t('chart.noProduct')}>
          <NoProduct />
        </section>
      ) : (
        <section className="panel chart-area" aria-label={t('chart.panel', { symbol })}>
          <ChartHeader symbol={symbol} />
          <ErrorBoundary>
            <Suspense
              fallback={
                <div className="chart-skeleton" role="status" aria-label={t('common.loading')} />
              }
            >
              <ChartPanel symbol={symbol} selects={false} />
            </Suspense>
          </ErrorBoundary>
        </section>
      )}
      {placeOpen && (
        <aside className="panel place-panel" aria-label={t('top.placeOrder')}>
          {symbol === undefined ? (
            <NoProduct />
          ) : (
            <ErrorBoundary>
              <Suspense fallback={<div className="skeleton-row" />}>
                <PlaceOrder symbol={symbol} />
              </Suspense>
            </ErrorBoundary>
          )}
        </aside>
      )}
      {listOpen && (
        <section className="panel list-panel" aria-label={t(`nav.${listTab}`)}>
          <ErrorBoundary>
            <Suspense fallback={<div className="skeleton-row" />}>
              <List tab={listTab} />
            </Suspense>
          </ErrorBoundary>
        </section>
      )}
      <nav className="side-buttons" aria-label={t('top.lists')}>
        {(['position', 'history'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            aria-pressed={listOpen && listTab === tab}
            onClick={() => toggle(tab)}
          >
            {t(`nav.${tab}`)}
          </button>
        ))}
      </nav>
    </div>
  );
}
