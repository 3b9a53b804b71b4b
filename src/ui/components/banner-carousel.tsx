/** Home banners: auto-rotating every 3 s, looping; pauses while hovered or focused. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_AUTOPLAY_MS } from '../../config/constants.ts';
import type { Banner } from '../../api/types/trading.ts';

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_AUTOPLAY_MS);
    return () => clearInterval(id);
  }, [paused, count]);

  if (count === 0) return null;
  return (
    <section
      className="banners"
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="banner-track"
        style={{ transform: `translateX(-${index * 100}%)` }}
        aria-live={paused ? 'polite' : 'off'}
      >
        {banners.map((b, i) => (
          <div
            key={b.bannerUrl}
            className="banner-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slide', { n: i + 1, count })}
            aria-hidden={i !== index}
          >
            <img src={b.bannerUrl} alt="" draggable={false} />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="banner-dots">
          {banners.map((b, i) => (
            <button
              key={b.bannerUrl}
              type="button"
              className={`dot${i === index ? ' active' : ''}`}
              aria-label={t('home.slide', { n: i + 1, count })}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
