/**
 * Bind e-mail, the code step (our extension, docs/conformance.md): "we sent a
 * code to x@y; enter it". The 6-digit code field (digits only; a paste of
 * more than 6 is refused by the machine, so the field has no maxlength that
 * would cut it to 6), the 60 s resend countdown, Confirm, and Change address
 * back to the spec's screen.
 */
import { useTranslation } from '../../../i18n/react.tsx';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { bindEmailMachine } from '../../../machines/bindEmail/machine.ts';
import { CodeField } from '../../forms/fields.tsx';
import './bindEmail.css';

export interface BindEmailView {
  state: SnapshotFrom<typeof bindEmailMachine>;
  send: (e: EventFrom<typeof bindEmailMachine>) => void;
}

export function BindEmailCode({ state, send }: BindEmailView) {
  const { t } = useTranslation();
  const c = state.context;
  const busy = state.hasTag('busy');
  // While the code is checked the machine drops a change: the field says so (read-only).
  const frozen = !state.can({ type: 'field.change', field: 'code', value: '' });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <p className="muted bind-email-code-sent">{t('bindEmail.codeSent', { email: c.current })}</p>
      <CodeField
        label={t('login.code')}
        value={c.code}
        onValue={(value) => send({ type: 'field.change', field: 'code', value })}
        readOnly={frozen}
        error={c.errors.code}
        focusKey={1}
      />
      <p className="small">
        {state.hasTag('canResend') ? (
          <button type="button" className="link-btn" onClick={() => send({ type: 'code.resend' })}>
            {t('register.resend')}
          </button>
        ) : state.hasTag('sending') ? (
          <span className="muted" role="status">
            {t('common.loading')}
          </span>
        ) : (
          <span className="muted">{t('register.resendIn', { seconds: c.secondsLeft })}</span>
        )}
      </p>
      <div className="form-actions">
        <button type="submit" className="btn primary block" disabled={busy} aria-busy={busy}>
          {busy ? t('common.loading') : t('bindEmail.confirm')}
        </button>
        <button
          type="button"
          className="btn ghost block"
          disabled={busy}
          onClick={() => send({ type: 'back' })}
        >
          {t('bindEmail.changeAddress')}
        </button>
      </div>
    </form>
  );
}
