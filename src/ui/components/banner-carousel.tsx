/**
 * Home banners: auto-rotating every 3 s, looping; pauses while hovered or focused.
 * A banner the app knows (its URL's fragment or file name has a home.banner_<id>
 * text) is captioned in the user's language; others carry their own text.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { textDirection } from '../../i18n/loaders.ts';
import { BANNER_AUTOPLAY_MS } from '../../config/constants.ts';
import type { Banner } from '../../api/types/trading.ts';
import './banner-carousel.css';

/** The banner's id: the URL's fragment, else its file name without extension. */
export function bannerId(url: string): string | undefined {
  const hash = url.lastIndexOf('#');
  if (hash >= 0) return url.slice(hash + 1) || undefined;
  if (url.startsWith('data:')) return undefined;
  const file = url.split(/[?]/)[0]!.split('/').pop() ?? '';
  return file.replace(/\.[a-z0-9]+$/i, '') || undefined;
}

/** The caption's keys, when the locale files have one for this banner. */
function useCaption(url: string): { title: string; sub: string | undefined } | undefined {
  const { t, i18n } = useTranslation();
  const id = bannerId(url);
  if (!id || !/^[a-z0-9_]+$/i.test(id) || !i18n.exists(`home.banner_${id}`)) return undefined;
  const sub = `home.banner_${id}_sub`;
  return { title: t(`home.banner_${id}`), sub: i18n.exists(sub) ? t(sub) : undefined };
}

function Slide({ url }: { url: string }) {
  const caption = useCaption(url);
  return (
    <>
      <img src={url} alt="" draggable={false} />
      {caption && (
        <p className="banner-caption">
          <b>{caption.title}</b>
          {caption.sub && <span>{caption.sub}</span>}
        </p>
      )}
    </>
  );
}

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t, i18n } = useTranslation();
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
        // Right to left, the next banner lies to the left: the track moves the other way.
        style={{
          transform: `translateX(${textDirection(i18n.language) === 'rtl' ? '' : '-'}${index * 100}%)`,
        }}
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
            <Slide url={b.bannerUrl} />
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
