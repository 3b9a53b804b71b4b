/**
 * The desktop workspace: quotation, place order, chart and list panels, with
 * the side buttons that toggle positions and history.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { chooseSymbol, ui, type ListTab } from '../../state/ui.ts';
import { prices } from '../../state/prices.ts';
import { QuotationList } from '../screens/quotation.tsx';
import '../chart/chart.css';

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
  const q = useSnapshot(prices).bySymbol[symbol];
  return (
    <h2 className="panel-title">
      {q?.name ?? symbol} <span className="muted">{q?.productName}</span>
    </h2>
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
        <QuotationList onSelect={chooseSymbol} />
      </aside>
      <section className="panel chart-area" aria-label={t('chart.panel', { symbol })}>
        <ChartHeader symbol={symbol} />
        <Suspense
          fallback={
            <div className="chart-skeleton" role="status" aria-label={t('common.loading')} />
          }
        >
          <ChartPanel symbol={symbol} selects={false} />
        </Suspense>
      </section>
      {placeOpen && (
        <aside className="panel place-panel" aria-label={t('top.placeOrder')}>
          <Suspense fallback={<div className="skeleton-row" />}>
            <PlaceOrder symbol={symbol} />
          </Suspense>
        </aside>
      )}
      {listOpen && (
        <section className="panel list-panel" aria-label={t(`nav.${listTab}`)}>
          <Suspense fallback={<div className="skeleton-row" />}>
            <List tab={listTab} />
          </Suspense>
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
