/**
 * Responsible trading (/user/responsible; issue 28 item 2): the responsible
 * machine's view. Only where the site's capability is on (else back to
 * /user). The limits (money limits by period with what counts so far and
 * when each period resets; the session and reality-check minutes), the
 * changes waiting for the cooling-off period, what the last save did, and
 * self-exclusion (exclusion.tsx). On desktop it opens in the account drawer
 * as every /user/ route does.
 */
import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocation } from 'wouter';
import {
  RT_MONEY_LIMITS,
  RT_PERIODS,
  type RtKey,
  type RtMoneyLimit,
  type RtPeriod,
} from '../../../api/types/responsible.ts';
import { responsibleOn } from '../../../config/site.ts';
import { responsibleActors } from '../../../machines/responsible/actors.ts';
import {
  responsibleMachine,
  type ResponsibleOutput,
} from '../../../machines/responsible/machine.ts';
import { valueOf } from '../../../machines/responsible/form.ts';
import { inspected } from '../../../machines/inspect.ts';
import { session } from '../../../state/session.ts';
import { noteRealityMinutes } from '../../../state/responsible.ts';
import { serverNow } from '../../../state/server-clock.ts';
import { formatDateTime, money } from '../../format.ts';
import { TextField } from '../../forms/fields.tsx';
import { useNotices } from '../../hooks/use-notices.ts';
import { useServices } from '../../services-context.tsx';
import {
  LoadError,
  LoadingRows,
  ProfileHeader,
  useAvailable,
  useMachineOutcome,
} from '../../screens/user/profile-kit.tsx';
import { Exclusion, type ResponsibleView } from './exclusion.tsx';
import './responsible.css';

export function Responsible() {
  const { t } = useTranslation();
  const { api, config, session: sessionActor } = useServices();
  const [, navigate] = useLocation();
  const [state, send, actor] = useMachine(
    responsibleMachine.provide({
      actors: responsibleActors(api),
      // The session service's log-out, so the session records why it ended.
      actions: { endSession: () => sessionActor.send({ type: 'session.logout' }) },
    }),
    { ...inspected, input: { enabled: responsibleOn(config), now: serverNow() } },
  );
  const c = state.context;
  useAvailable(!state.matches('sentAway'));
  useNotices(actor);
  useMachineOutcome<ResponsibleOutput>(actor, (out) => {
    if (out.to === '/login') navigate(out.to, { replace: true });
  });
  // The reality check follows the trader's own interval as soon as it is in force.
  const reality = c.rt?.limits.realityCheckMinutes;
  useEffect(() => {
    if (c.rt) noteRealityMinutes(session.token, reality);
  }, [c.rt, reality]);

  return (
    <main className="screen profile-screen responsible-screen">
      <ProfileHeader title={t('responsible.title')} />
      {state.matches('loading') ? (
        <LoadingRows rows={4} />
      ) : state.matches('failed') ? (
        <LoadError
          message={t('profile.loadFailed')}
          onRetry={() => send({ type: 'limits.reload' })}
        />
      ) : state.status === 'done' ? null : state.matches('exclusion') ? (
        <Exclusion state={state} send={send} />
      ) : (
        <Limits state={state} send={send} />
      )}
    </main>
  );
}

/** A key's name: "Deposit limit per day", "Session time limit". */
export const keyLabel = (t: (k: string) => string, key: RtKey) => t(`responsible.key.${key}`);

/** A limit's value as the screen says it: USD with 2 decimals (as every balance), or minutes. */
const limitText = (t: (k: string) => string, key: RtKey, v: number | null | undefined) =>
  v === undefined || v === null
    ? t('responsible.noLimit')
    : key === 'sessionMinutes' || key === 'realityCheckMinutes'
      ? String(v)
      : money(v);

/** One limit's field: its name and unit, what is in force, and the machine's error. */
function LimitField({ state, send, name }: ResponsibleView & { name: RtKey }) {
  const { t } = useTranslation();
  const c = state.context;
  const rt = c.rt!;
  const v = valueOf(rt.limits, name);
  const isMoney = name !== 'sessionMinutes' && name !== 'realityCheckMinutes';
  const current = limitText(t, name, v);
  const [limit, period] = name.split('.') as [RtMoneyLimit, RtPeriod];
  const hint = isMoney
    ? t('responsible.usage', {
        current,
        used: money(rt.usage[limit][period]),
        date: formatDateTime(rt.resets[period]),
      })
    : t('responsible.minutesHint', { current });
  return (
    <TextField
      label={`${keyLabel(t, name)} (${isMoney ? 'USD' : t('responsible.minutes')})`}
      inputMode={isMoney ? 'decimal' : 'numeric'}
      autoComplete="off"
      placeholder={t('responsible.noLimit')}
      value={c.form[name]}
      onValue={(value) => send({ type: 'field.change', field: name, value })}
      readOnly={state.hasTag('busy')}
      error={c.errors[name]}
      hint={hint}
      hintWithError
    />
  );
}

function Limits({ state, send }: ResponsibleView) {
  const { t } = useTranslation();
  const busy = state.hasTag('busy');
  const hours = Math.round((state.context.rt?.coolingOffMs ?? 0) / 3_600_000);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <p className="muted small">{t('responsible.intro', { hours })}</p>
      <Outcome state={state} send={send} />
      <Pending state={state} send={send} />
      {RT_MONEY_LIMITS.map((limit) => (
        <fieldset key={limit} className="responsible-group">
          <legend>{t(`responsible.limit.${limit}`)}</legend>
          {RT_PERIODS.map((period) => (
            <LimitField key={period} state={state} send={send} name={`${limit}.${period}`} />
          ))}
        </fieldset>
      ))}
      <fieldset className="responsible-group">
        <legend>{t('responsible.time')}</legend>
        <LimitField state={state} send={send} name="sessionMinutes" />
        <LimitField state={state} send={send} name="realityCheckMinutes" />
      </fieldset>
      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={busy || !state.can({ type: 'form.submit' })}
          aria-busy={busy}
        >
          {busy ? t('common.loading') : t('responsible.save')}
        </button>
      </div>
      <ExclusionEntry state={state} send={send} />
    </form>
  );
}

/** What the last save did to each changed key: applied now, or when it applies. */
function Outcome({ state }: ResponsibleView) {
  const { t } = useTranslation();
  const outcome = state.context.outcome;
  // Saved from the foot of a long form: what changed is brought into sight at the top.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (outcome?.length) list.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);
  if (!outcome || outcome.length === 0) return null;
  return (
    <ul
      ref={list}
      className="responsible-outcome"
      role="status"
      aria-label={t('responsible.outcome')}
    >
      {outcome.map((o) => (
        <li key={o.key}>
          {o.appliesAt === undefined
            ? t('responsible.appliedNow', { name: keyLabel(t, o.key) })
            : t('responsible.pendingUntil', {
                name: keyLabel(t, o.key),
                date: formatDateTime(o.appliesAt),
              })}
        </li>
      ))}
    </ul>
  );
}

/** The changes waiting for the cooling-off period, each with when it applies. */
function Pending({ state }: ResponsibleView) {
  const { t } = useTranslation();
  const pending = state.context.rt?.pending ?? [];
  if (pending.length === 0) return null;
  return (
    <section className="responsible-pending" aria-labelledby="rt-pending">
      <h2 id="rt-pending" className="section-title">
        {t('responsible.pendingTitle')}
      </h2>
      <ul>
        {pending.map((p) => (
          <li key={p.key}>
            {t('responsible.pendingItem', {
              name: keyLabel(t, p.key),
              value: limitText(t, p.key, p.value),
              date: formatDateTime(p.appliesAt),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Self-exclusion's entry under the limits. */
function ExclusionEntry({ state, send }: ResponsibleView) {
  const { t } = useTranslation();
  return (
    <section className="responsible-exclusion" aria-labelledby="rt-exclusion">
      <h2 id="rt-exclusion" className="section-title">
        {t('responsible.excludeTitle')}
      </h2>
      <p className="muted small">{t('responsible.excludeIntro')}</p>
      <button
        type="button"
        className="btn block"
        disabled={state.hasTag('busy')}
        onClick={() => send({ type: 'exclude.start' })}
      >
        {t('responsible.excludeStart')}
      </button>
    </section>
  );
}
