/** Console pane: the latest messages of the simulator's outbox. */
import { useTranslation } from '../../../i18n/react.tsx';
import type { RemoteBackOffice } from '../use-back-office.ts';
import { useLoad } from './pane-helpers.ts';

export function Outbox({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const [items, reload] = useLoad(() => bo.outbox(), [bo]);
  return (
    <>
      <ul className="console-list">
        {[...(items ?? [])]
          .reverse()
          .slice(0, 20)
          .map((m) => (
            <li key={m.id}>
              <span>
                {new Date(m.at).toLocaleTimeString()} · {m.to} · {m.subject}
                {m.code ? (
                  <>
                    {' '}
                    · <b>{m.code}</b>
                  </>
                ) : null}
              </span>
            </li>
          ))}
      </ul>
      <button type="button" className="btn ghost" onClick={reload}>
        {t('common.refresh')}
      </button>
    </>
  );
}
