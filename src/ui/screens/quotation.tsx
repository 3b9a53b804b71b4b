/** Quotation (/quotation?singleTrade=N): tabs per trade type; in market mode only tradable products. */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { useSearch } from 'wouter';
import { preferences } from '../../state/preferences.ts';
import {
  matchesSearch,
  QuoteTable,
  StaleNote,
  TradeTypeTabs,
  useSymbols,
} from '../components/quote-table.tsx';
import { useServices } from '../services-context.tsx';
import { BackLink } from '../components/back-link.tsx';
import './quotation.css';

/**
 * The quotation list itself (also the desktop quotation panel, which has a
 * search box, trading.md §2 "Panels: quotation with search": typed text lists
 * the matching products of every trade type; cleared, the tab's list again).
 */
export function QuotationList({
  onSelect,
  current: focused,
  single,
  searchable = false,
}: {
  onSelect?: (symbol: string) => void;
  /** The product in focus (desktop): its row says so (aria-current). */
  current?: string;
  single?: number;
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  const { config } = useServices();
  const { tradeMode } = useSnapshot(preferences);
  const types = single ? [single] : config.tradeOrder;
  const [type, setType] = useState<number>(types[0] ?? 1);
  const [text, setText] = useState('');
  const current = types.includes(type) ? type : (types[0] ?? 1);
  const market = (tradeMode ?? config.defaultTradeMode) === 'market';
  const searching = searchable && text.trim() !== '';
  // Before the first live prices, the last ones seen, marked stale (as on home).
  const board = useSymbols(searching ? undefined : String(current), market);
  const symbols = searching
    ? board.symbols.filter((s) => matchesSearch(s, board.bySymbol[s], text))
    : board.symbols;
  return (
    <>
      {searchable && (
        <input
          type="search"
          className="input quotation-search"
          value={text}
          maxLength={40}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      <TradeTypeTabs types={types} value={current} onChange={setType} />
      <div role="tabpanel">
        {board.stale && <StaleNote />}
        {searching && symbols.length === 0 ? (
          <p className="empty-state muted" role="status">
            {t('search.none')}
          </p>
        ) : (
          <QuoteTable
            symbols={symbols}
            {...(onSelect ? { onSelect } : {})}
            {...(focused ? { current: focused } : {})}
          />
        )}
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
