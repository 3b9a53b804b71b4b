/**
 * Simulator mode, and live mode with the operator key: every code the
 * simulator "sends" by mail or text shows as a notice ("Simulator: code
 * 123456 sent to …"), so a reviewer can finish a sign-up or a second factor
 * without a mailbox. A notice goes by itself after {@link NOTICE_MS} (the
 * console's outbox keeps every code), so it never sits on a title for long.
 * Its height is published as `--outbox-notices-h`: a phone's toasts, at the
 * same foot of the screen, rise above the notices instead of covering them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useBackOffice } from './use-back-office.ts';

/** How long a code notice stays (time enough to type six digits). */
export const NOTICE_MS = 20_000;

interface Notice {
  id: string;
  text: string;
  /** Date.now() after which it goes. */
  until: number;
}

/** Publish the notices' height (0 when none) for the toasts to keep clear of (styles.css). */
function useHeightVar(name: string) {
  const observer = useRef<ResizeObserver | undefined>(undefined);
  useEffect(
    () => () => {
      observer.current?.disconnect();
      document.documentElement.style.removeProperty(name);
    },
    [name],
  );
  return useCallback(
    (el: HTMLElement | null) => {
      observer.current?.disconnect();
      const root = document.documentElement.style;
      if (!el) {
        root.removeProperty(name);
        return;
      }
      const write = () => root.setProperty(name, `${el.offsetHeight}px`);
      write();
      observer.current = new ResizeObserver(write);
      observer.current.observe(el);
    },
    [name],
  );
}

export function OutboxNotice({ hidden = false }: { hidden?: boolean }) {
  const { t } = useTranslation();
  const bo = useBackOffice();
  const seen = useRef<Set<string> | undefined>(undefined);
  const [notices, setNotices] = useState<Notice[]>([]);
  const measured = useHeightVar('--outbox-notices-h');

  useEffect(() => {
    if (!bo) return;
    let stop = false;
    const poll = async () => {
      const list = await bo.outbox().catch(() => []);
      if (stop) return;
      if (!seen.current) {
        // What was sent before this page opened is old news.
        seen.current = new Set(list.map((m) => m.id));
        return;
      }
      const fresh = list.filter((m) => !seen.current?.has(m.id) && m.code);
      for (const m of list) seen.current.add(m.id);
      if (fresh.length) {
        setNotices((n) => [
          ...n,
          ...fresh.map((m) => ({
            id: m.id,
            text: t('console.codeSent', { code: m.code, to: m.to }),
            until: Date.now() + NOTICE_MS,
          })),
        ]);
      }
    };
    void poll();
    const id = setInterval(() => void poll(), 1000);
    return () => {
      stop = true;
      clearInterval(id);
    };
  }, [bo, t]);

  // Each notice leaves on its own, the oldest first.
  useEffect(() => {
    const first = notices[0];
    if (!first) return;
    const id = setTimeout(
      () => setNotices((n) => n.filter((x) => x.until > Date.now())),
      Math.max(0, first.until - Date.now()),
    );
    return () => clearTimeout(id);
  }, [notices]);

  if (hidden || !notices.length) return null;
  return (
    <div ref={measured} className="outbox-notices" role="status" aria-live="polite">
      {notices.slice(-3).map((n) => (
        <div key={n.id} className="outbox-notice">
          <span>{n.text}</span>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.close')}
            onClick={() => setNotices((all) => all.filter((x) => x.id !== n.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
