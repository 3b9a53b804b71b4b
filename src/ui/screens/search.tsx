/** Search (/search): a text box, hot searches USD/GBP/AUD/HKD, results that open the chart (or choose the symbol on desktop). */
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'wouter';
import { HOT_SEARCHES } from '../../config/constants.ts';
import { prices } from '../../state/prices.ts';
import { session } from '../../state/session.ts';
import { useServices } from '../services-context.tsx';
import { BackLink } from '../components/back-link.tsx';
import { matchesSearch } from '../components/quote-table.tsx';
import { ClosedTag } from '../components/quote.tsx';
import { quoteClosed } from '../../api/market-status.ts';
import './search.css';

/** Matching symbols: the server's search when signed in, the price board otherwise. */
function useSearchResults(text: string): string[] {
  const { api } = useServices();
  const { token } = useSnapshot(session);
  const board = useSnapshot(prices);
  const [remote, setRemote] = useState<string[] | undefined>();
  const q = text.trim().toUpperCase();
  useEffect(() => {
    if (!token || !q) return setRemote(undefined);
    const ctl = new AbortController();
    const id = setTimeout(() => {
      void api
        .call('productSearch', { search: q }, { quiet: true, signal: ctl.signal })
        .then((r) => {
          if (r.data) setRemote(r.data.forexProductList);
        });
    }, 200);
    return () => {
      clearTimeout(id);
      ctl.abort();
    };
  }, [api, q, token]);
  const local = useMemo(
    () => (q ? board.symbols.filter((s) => matchesSearch(s, board.bySymbol[s], q)) : []),
    [q, board.symbols, board.bySymbol],
  );
  return remote ?? local;
}

export function SearchBox({ onSelect }: { onSelect?: (symbol: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const results = useSearchResults(text);
  const board = useSnapshot(prices);
  const closedAt = (s: string) => {
    const q = board.bySymbol[s];
    return q !== undefined && quoteClosed(q);
  };
  return (
    <div className="search">
      <input
        type="search"
        className="input"
        value={text}
        autoFocus
        maxLength={40}
        placeholder={t('search.placeholder')}
        aria-label={t('nav.search')}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="chips" role="group" aria-label={t('search.hot')}>
        {HOT_SEARCHES.map((h) => (
          // The chip of the search shown says so; pressed again it clears the search.
          <button
            key={h}
            type="button"
            className="chip"
            aria-pressed={text === h}
            onClick={() => setText(text === h ? '' : h)}
          >
            {h}
          </button>
        ))}
      </div>
      <ul className="result-list" aria-label={t('search.results')}>
        {results.map((s) => (
          <li key={s}>
            {onSelect ? (
              <button type="button" className="result" onClick={() => onSelect(s)}>
                <b>{s}</b> <span className="muted">{board.bySymbol[s]?.productName}</span>
                {closedAt(s) && <ClosedTag />}
              </button>
            ) : (
              <Link href={`/chart/${s}`} className="result">
                <b>{s}</b> <span className="muted">{board.bySymbol[s]?.productName}</span>
                {closedAt(s) && <ClosedTag />}
              </Link>
            )}
          </li>
        ))}
        {text.trim() && results.length === 0 && <li className="muted empty">{t('search.none')}</li>}
      </ul>
    </div>
  );
}

export function Search() {
  const { t } = useTranslation();
  return (
    <main className="screen">
      <header className="screen-header">
        <BackLink />
        <h1 className="screen-title">{t('nav.search')}</h1>
        <span />
      </header>
      <SearchBox />
    </main>
  );
}
