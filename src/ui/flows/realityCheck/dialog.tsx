/**
 * The reality check dialog (site config `realityCheckMinutes`, off when absent
 * or 0): mounted while signed in, driven by realityCheckMachine. The session
 * begins at sign-in (kept across reloads in state/reality.ts). Where the site
 * offers responsible trading and the trader set an interval of their own
 * (state/responsible.ts), that one is used instead of the site's.
 */
import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import { fromPromise } from 'xstate';
import { useSnapshot } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { realityCheckMachine } from '../../../machines/realityCheck/machine.ts';
import { readSessionSummary } from '../../../machines/realityCheck/actors.ts';
import { sessionStartedAt } from '../../../state/reality.ts';
import { noteRealityMinutes, ownRealityMinutes, responsible } from '../../../state/responsible.ts';
import { accountOf } from '../../../state/token.ts';
import { responsibleOn } from '../../../config/site.ts';
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

/**
 * The trader's own interval (responsible trading, where the site offers it):
 * read once per session, quietly (the responsible screen updates it after a
 * load or save). Undefined: none of their own, or not read yet.
 */
function useOwnMinutes(token: string | undefined): number | undefined {
  const { api, config } = useServices();
  const own = useSnapshot(responsible);
  const on = responsibleOn(config);
  useEffect(() => {
    if (!on || !token || responsible.account === accountOf(token)) return;
    let live = true;
    void api.call('rtLimits', undefined, { quiet: true }).then((r) => {
      if (live && r.code === 0 && r.data && session.token === token)
        noteRealityMinutes(token, r.data.limits.realityCheckMinutes);
    });
    return () => {
      live = false;
    };
  }, [api, on, token]);
  return on ? ownRealityMinutes(own, token) : undefined;
}

/** The reminder, when the site or the trader has one and a user is signed in. */
export function RealityCheck() {
  const { config } = useServices();
  const { token } = useSnapshot(session);
  const own = useOwnMinutes(token);
  const minutes = own ?? config.realityCheckMinutes ?? 0;
  if (!token || !(minutes > 0)) return null;
  // A new machine per session: the key changes with the session's start.
  const startedAt = sessionStartedAt(serverNow());
  return (
    <Reminder key={`${startedAt}|${minutes}`} intervalMs={minutes * 60_000} startedAt={startedAt} />
  );
}
