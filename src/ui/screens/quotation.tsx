/** Quotation (/quotation?singleTrade=N): tabs per trade type; in market mode only tradable products. */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { preferences } from '../../state/preferences.ts';
import { QuoteTable, StaleNote, TradeTypeTabs, useSymbols } from '../components/quote-table.tsx';
import { useServices } from '../services-context.tsx';
import { BackLink } from '../components/back-link.tsx';

/** The quotation list itself (also the desktop quotation panel). */
export function QuotationList({
  onSelect,
  single,
}: {
  onSelect?: (symbol: string) => void;
  single?: number;
}) {
  const { config } = useServices();
  const { tradeMode } = useSnapshot(preferences);
  const types = single ? [single] : config.tradeOrder;
  const [type, setType] = useState<number>(types[0] ?? 1);
  const current = types.includes(type) ? type : (types[0] ?? 1);
  const market = (tradeMode ?? config.defaultTradeMode) === 'market';
  // Before the first live prices, the last ones seen, marked stale (as on home).
  const { symbols, stale } = useSymbols(String(current), market);
  return (
    <>
      <TradeTypeTabs types={types} value={current} onChange={setType} />
      <div role="tabpanel">
        {stale && <StaleNote />}
        <QuoteTable symbols={symbols} {...(onSelect ? { onSelect } : {})} />
      </div>
    </>
  );
}

export function Quotation() {
  const { t } = useTranslation();
  const single = Number(new URLSearchParams(useSearch()).get('singleTrade')) || undefined;
  return (
    <main className="screen">
      <header className="screen-header">
        <BackLink />
        <h1 className="screen-title">{t('nav.quotation')}</h1>
        <span />
      </header>
      <QuotationList {...(single ? { single } : {})} />
    </main>
  );
}
