/**
 * Simulator mode only: every code the simulator "sends" by mail or text shows
 * as a notice ("Simulator: code 123456 sent to …"), so a reviewer can finish a
 * sign-up or a second factor without a mailbox.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackOffice } from './use-back-office.ts';

interface Notice {
  id: string;
  text: string;
}

export function OutboxNotice() {
  const { t } = useTranslation();
  const bo = useBackOffice();
  const seen = useRef<Set<string> | undefined>(undefined);
  const [notices, setNotices] = useState<Notice[]>([]);

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

  if (!notices.length) return null;
  return (
    <div className="outbox-notices" role="status" aria-live="polite">
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
