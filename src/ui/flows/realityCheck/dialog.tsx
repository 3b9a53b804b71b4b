/**
 * The reality check dialog (site config `realityCheckMinutes`, off when absent
 * or 0): mounted while signed in, driven by realityCheckMachine. The session
 * begins at sign-in (kept across reloads in state/reality.ts).
 */
import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useSnapshot } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { realityCheckMachine } from '../../../machines/realityCheck/machine.ts';
import { readSessionSummary } from '../../../machines/realityCheck/actors.ts';
import { sessionStartedAt } from '../../../state/reality.ts';
import { decodeToken, isDemo, session } from '../../../state/session.ts';
import { serverNow } from '../../../state/server-clock.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { useServices } from '../../services-context.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { Num } from '../../components/num.tsx';
import { inspected } from '../../../machines/inspect.ts';
import './realityCheck.css';

function Reminder({ intervalMs, startedAt }: { intervalMs: number; startedAt: number }) {
  const { t } = useTranslation();
  const services = useServices();
  const machine = useMemo(
    () =>
      realityCheckMachine.provide({
        actors: {
          summarise: fromPromise(({ input }) =>
            readSessionSummary(services.api, {
              startedAt: input.startedAt,
              now: serverNow,
              demo: isDemo(decodeToken(session.token)),
            }),
          ),
        },
      }),
    [services.api],
  );
  const [state, send, actor] = useMachine(machine, {
    ...inspected,
    input: { intervalMs, startedAt, now: serverNow() },
  });
  useNotices(actor);
  useEffect(() => {
    if (state.status !== 'done') return;
    services.session.send({ type: 'session.logout' });
    navigate('/');
  }, [state.status, services.session]);
  const open = state.hasTag('open');
  const s = state.context.summary;
  const minutes = Math.floor((s?.elapsedMs ?? serverNow() - startedAt) / 60_000);
  return (
    <Drawer
      open={open}
      title={t('reality.title')}
      onClose={() => send({ type: 'reality.continue' })}
    >
      <p>{t('reality.elapsed', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}</p>
      {s ? (
        <dl className="reality-check-summary">
          <dt>{t('reality.trades')}</dt>
          <dd>{s.tradesPlaced}</dd>
          <dt>{t('reality.pnl')}</dt>
          <Num
            as="dd"
            className={Number(s.profitLoss) < 0 ? 'down' : Number(s.profitLoss) > 0 ? 'up' : ''}
            kind="pnl"
            unit="USD"
            value={s.profitLoss}
          />
        </dl>
      ) : (
        <p role="note">{t('reality.unavailable')}</p>
      )}
      <div className="form-actions row">
        <button type="button" className="btn" onClick={() => send({ type: 'reality.logout' })}>
          {t('reality.logout')}
        </button>
        <button
          type="button"
          className="btn primary"
          onClick={() => send({ type: 'reality.continue' })}
        >
          {t('reality.continue')}
        </button>
      </div>
    </Drawer>
  );
}

/** The reminder, when the site has one and a user is signed in. */
export function RealityCheck() {
  const { config } = useServices();
  const { token } = useSnapshot(session);
  const minutes = config.realityCheckMinutes ?? 0;
  if (!token || !(minutes > 0)) return null;
  // A new machine per session: the key changes with the session's start.
  const startedAt = sessionStartedAt(serverNow());
  return <Reminder key={startedAt} intervalMs={minutes * 60_000} startedAt={startedAt} />;
}
