/** Home (/): banners, hot products as cards with 30-minute mini charts, the trade-type grid (template), the product table. */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'wouter';
import type { Banner } from '../../api/types/trading.ts';
import { HOT_PRODUCTS } from '../../config/constants.ts';
import { QuoteCard } from '../components/quote.tsx';
import { QuoteTable, StaleNote, useBoard } from '../components/quote-table.tsx';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { TradeTypeGrid } from '../components/trade-type-grid.tsx';
import { useServices } from '../services-context.tsx';
import { IconSearch, IconService } from '../components/icons.tsx';

export function Home() {
  const { t } = useTranslation();
  const { api, config } = useServices();
  // Before the first live prices, the last ones seen (marked stale, components/quote.tsx).
  const { symbols, stale } = useBoard();
  const [banners, setBanners] = useState<Banner[]>([]);

  useEffect(() => {
    const ctl = new AbortController();
    void api.call('bannerList', undefined, { quiet: true, signal: ctl.signal }).then((r) => {
      if (r.data) setBanners(r.data.rows.slice(0, config.bannerCount));
    });
    return () => ctl.abort();
  }, [api, config.bannerCount]);

  return (
    <main className="screen home">
      <header className="screen-header">
        <h1 className="screen-title">{t('home.title')}</h1>
        <nav className="header-actions">
          <Link href="/search" aria-label={t('home.search')} className="icon-btn">
            <IconSearch />
          </Link>
          <Link href="/user/service" aria-label={t('home.service')} className="icon-btn">
            <IconService />
          </Link>
        </nav>
      </header>
      <BannerCarousel banners={banners} />
      {symbols.length === 0 ? (
        <div className="skeleton-list" role="status" aria-label={t('home.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="skeleton-row" />
          ))}
        </div>
      ) : (
        <>
          {stale && <StaleNote />}
          <section aria-label={t('home.hot')} className="hot-cards">
            {symbols.slice(0, HOT_PRODUCTS).map((s) => (
              <QuoteCard key={s} symbol={s} />
            ))}
          </section>
          {config.template === 'grid' && <TradeTypeGrid types={config.tradeOrder} />}
          <section aria-labelledby="all-products">
            <h2 id="all-products" className="section-title">
              {t('home.all')}
            </h2>
            <QuoteTable symbols={symbols} />
          </section>
        </>
      )}
    </main>
  );
}
