/** Home (/): hot products as cards and the full product table, live. */
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { HOT_PRODUCTS } from '../../config/constants.ts';
import { prices } from '../../state/prices.ts';
import { QuoteCard, QuoteRow } from '../components/quote.tsx';

export function Home() {
  const { t } = useTranslation();
  const { symbols } = useSnapshot(prices);
  return (
    <main className="screen home">
      <header className="screen-header">
        <h1 className="screen-title">{t('home.title')}</h1>
        <nav className="header-actions">
          <Link href="/search" aria-label={t('home.search')} className="icon-btn">
            ⌕
          </Link>
          <Link href="/user/service" aria-label={t('home.service')} className="icon-btn">
            ☏
          </Link>
        </nav>
      </header>
      {symbols.length === 0 ? (
        <p className="muted" role="status">
          {t('home.loading')}
        </p>
      ) : (
        <>
          <section aria-label={t('home.hot')} className="hot-cards">
            {symbols.slice(0, HOT_PRODUCTS).map((s) => (
              <QuoteCard key={s} symbol={s} />
            ))}
          </section>
          <section aria-labelledby="all-products">
            <h2 id="all-products" className="section-title">
              {t('home.all')}
            </h2>
            <table className="quote-table">
              <thead>
                <tr>
                  <th scope="col">{t('home.symbol')}</th>
                  <th scope="col">{t('home.bid')}</th>
                  <th scope="col">{t('home.ask')}</th>
                  <th scope="col">{t('home.change')}</th>
                </tr>
              </thead>
              <tbody>
                {symbols.map((s) => (
                  <QuoteRow key={s} symbol={s} />
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </main>
  );
}
