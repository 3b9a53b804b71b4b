/**
 * Self-exclusion (responsible trading): choose the date (tomorrow to five
 * years ahead, in the server's zone), then confirm: the trader is signed out
 * and cannot sign in until then. The server ends every session on success.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { responsibleMachine } from '../../../machines/responsible/machine.ts';
import { exclusionRange, untilOf } from '../../../machines/responsible/form.ts';
import { serverNow } from '../../../state/server-clock.ts';
import { formatDateTime } from '../../format.ts';
import { TextField } from '../../forms/fields.tsx';

export interface ResponsibleView {
  state: SnapshotFrom<typeof responsibleMachine>;
  send: (e: EventFrom<typeof responsibleMachine>) => void;
}

export function Exclusion({ state, send }: ResponsibleView) {
  const { t } = useTranslation();
  const c = state.context;
  const zone = c.rt?.timezone ?? 'UTC';
  const range = exclusionRange(c.now, zone);
  if (!state.matches({ exclusion: 'choosing' })) return <Confirm state={state} send={send} />;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'exclude.submit' });
      }}
    >
      <StepTitle />
      <p className="muted small">{t('responsible.excludeIntro')}</p>
      <TextField
        label={t('responsible.excludeUntil')}
        type="date"
        min={range.min}
        max={range.max}
        value={c.until}
        onValue={(value) => send({ type: 'exclude.date', value })}
        error={c.errors.until}
        hint={t('responsible.excludeRange', { min: range.min, max: range.max })}
        hintWithError
      />
      <div className="form-actions row">
        <Cancel state={state} send={send} />
        <button type="submit" className="btn primary">
          {t('responsible.excludeNext')}
        </button>
      </div>
    </form>
  );
}

function Cancel({ state, send }: ResponsibleView) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn"
      disabled={state.hasTag('busy')}
      onClick={() => send({ type: 'exclude.cancel' })}
    >
      {t('common.cancel')}
    </button>
  );
}

/** The last word before the call: signed out now, no sign-in until the date. */
function Confirm({ state, send }: ResponsibleView) {
  const { t } = useTranslation();
  const c = state.context;
  const busy = state.hasTag('busy');
  const until = formatDateTime(untilOf(c.until, c.rt?.timezone ?? 'UTC'));
  return (
    <section className="responsible-confirm" role="alertdialog" aria-labelledby="rt-confirm">
      <StepTitle id="rt-confirm" />
      <p id="rt-confirm-text">{t('responsible.excludeConfirm', { date: until })}</p>
      <div className="form-actions row">
        <Cancel state={state} send={send} />
        <button
          type="button"
          className="btn primary"
          disabled={busy}
          aria-busy={busy}
          aria-describedby="rt-confirm-text"
          onClick={() => send({ type: 'exclude.confirm', now: serverNow() })}
        >
          {busy ? t('common.loading') : t('responsible.excludeConfirmButton')}
        </button>
      </div>
    </section>
  );
}

/**
 * The step's heading takes focus as the step opens: the button that opened it
 * is gone, and a screen reader starts reading here.
 */
function StepTitle({ id }: { id?: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} id={id} className="section-title" tabIndex={-1}>
      {t('responsible.excludeTitle')}
    </h2>
  );
}
