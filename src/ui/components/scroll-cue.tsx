/**
 * A box that scrolls sideways and says so (issue 25 item 3): when its content
 * is wider than the box, a shadow lies on each edge that has more to see, and
 * a line under it says that the table scrolls, with buttons that scroll it to
 * either end (a mouse without a sideways wheel cannot otherwise). Content that
 * fits shows neither.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import './scroll-cue.css';

type More = { start: boolean; end: boolean };

/** Which sides of a scrolling box hide content (1 px of slack for rounding). */
export function hiddenSides(el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>) {
  const left = Math.abs(el.scrollLeft);
  return { start: left > 1, end: left + el.clientWidth < el.scrollWidth - 1 };
}

export function ScrollCue({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState<More>({ start: false, end: false });
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const next = hiddenSides(el);
    setMore((m) => (m.start === next.start && m.end === next.end ? m : next));
  }, []);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    measure();
    const seen = new ResizeObserver(measure);
    seen.observe(el);
    if (el.firstElementChild) seen.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      seen.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure]);
  // To one end or the other: each press changes what the buttons offer.
  // Right to left, the end lies at negative offsets.
  const page = (dir: 1 | -1) => {
    const el = box.current;
    if (!el) return;
    const end = getComputedStyle(el).direction === 'rtl' ? -el.scrollWidth : el.scrollWidth;
    el.scrollTo({ left: dir > 0 ? end : 0, behavior: 'smooth' });
  };
  const scrolls = more.start || more.end;
  return (
    <div
      className="scroll-cue"
      data-more-start={more.start || undefined}
      data-more-end={more.end || undefined}
    >
      <div className="scroll-cue-box" ref={box}>
        {children}
      </div>
      {scrolls && (
        <div className="scroll-cue-hint">
          <button
            type="button"
            className="scroll-cue-step"
            aria-label={t('common.scroll_left')}
            disabled={!more.start}
            onClick={() => page(-1)}
          >
            ‹
          </button>
          <span>{t('common.scrolls_sideways')}</span>
          <button
            type="button"
            className="scroll-cue-step"
            aria-label={t('common.scroll_right')}
            disabled={!more.end}
            onClick={() => page(1)}
          >
            ›
          </button>
        </div>
      )}
    </div>
  );
}
