/**
 * The two-step code form shared by sign-up and password reset: step 1 the
 * account and "get code", step 2 the code (or the image captcha), the
 * password (and, for sign-up, the invite code), the resend countdown and back.
 */
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n/react.tsx';
import type { AnyActorRef } from 'xstate';
import type { AccountType } from '../../api/types/trading.ts';
import { MAX_LEN } from '../../config/constants.ts';
import { CodeField, PasswordField, TextField } from './fields.tsx';
import { AccountField } from './account-field.tsx';

type Field = 'account' | 'code' | 'password' | 'inviteCode';

interface CodeStepsContext {
  phoneEnabled: boolean;
  type: AccountType;
  account: string;
  code: string;
  password: string;
  inviteCode?: string;
  hideInviteCode?: boolean;
  phoneCaptcha?: boolean;
  errors: Partial<Record<Field, string>>;
  secondsLeft: number;
}

interface Props {
  state: {
    matches(v: unknown): boolean;
    hasTag(t: string): boolean;
    /** Whether the machine would take this event now (XState's snapshot.can). */
    can(e: { type: string; [k: string]: unknown }): boolean;
    context: CodeStepsContext;
    children: Record<string, unknown>;
  };
  send: (e: { type: string; [k: string]: unknown }) => void;
  /** 'register' shows the invite code; 'forgot' calls the password new. */
  kind: 'register' | 'forgot';
}

function Captcha({ actor }: { actor: AnyActorRef }) {
  const { t } = useTranslation();
  const c = useSelector(
    actor,
    (s) => s.context as { image?: string; secondsLeft: number; message?: string },
  );
  return (
    <div className="captcha">
      {c.image ? (
        <img src={c.image} alt={t('register.captchaImage')} width={120} height={40} />
      ) : (
        <span className="skeleton-row" />
      )}
      <button
        type="button"
        className="btn ghost"
        onClick={() => actor.send({ type: 'captcha.refresh' })}
      >
        {t('register.refreshCaptcha')}
      </button>
      {c.message && (
        <span className="field-error" role="alert">
          {t(c.message, { second: c.secondsLeft })}
        </span>
      )}
    </div>
  );
}

export function CodeSteps({ state, send, kind }: Props) {
  const { t } = useTranslation();
  const c = state.context;
  const busy = state.hasTag('busy');
  // While the code is sent or the form submitted the machine drops a change: the fields say so
  // (read-only: focus stays). Asked of the machine, as a resend does not stop typing.
  const frozen = (field: Field) => !state.can({ type: 'field.change', field, value: '' });
  const change = (field: Field) => (value: string) => send({ type: 'field.change', field, value });
  const submit = (type: string) => (e: React.FormEvent) => {
    e.preventDefault();
    send({ type });
  };
  const captcha = state.children.captcha as AnyActorRef | undefined;

  if (state.matches('account') || state.matches('sendingCode')) {
    return (
      <form noValidate onSubmit={submit('code.send')}>
        <AccountField
          phoneEnabled={c.phoneEnabled}
          type={c.type}
          onType={(value) => send({ type: 'type.change', value })}
          value={c.account}
          onValue={change('account')}
          error={c.errors.account}
          autoComplete="email"
          busy={frozen('account')}
        />
        <div className="form-actions">
          <button type="submit" className="btn primary block" disabled={busy}>
            {busy
              ? t('common.loading')
              : t(c.type === 'P' && c.phoneCaptcha ? 'common.next' : 'register.getCode')}
          </button>
        </div>
      </form>
    );
  }

  const canResend = state.hasTag('canResend');
  return (
    <form noValidate onSubmit={submit('form.submit')}>
      {/* The image step sends nothing (spec: the captcha shows instead of the code). */}
      {!captcha && <p className="muted">{t('register.sentTo', { account: c.account })}</p>}
      {captcha ? (
        <>
          <Captcha actor={captcha} />
          <TextField
            label={t('register.captcha')}
            maxLength={MAX_LEN.captcha}
            value={c.code}
            onValue={change('code')}
            readOnly={frozen('code')}
            error={c.errors.code}
          />
        </>
      ) : (
        <>
          <CodeField
            label={t('login.code')}
            value={c.code}
            onValue={change('code')}
            readOnly={frozen('code')}
            error={c.errors.code}
          />
          <p className="small">
            {canResend ? (
              <button
                type="button"
                className="link-btn"
                onClick={() => send({ type: 'code.resend' })}
              >
                {t('register.resend')}
              </button>
            ) : (
              <span className="muted">{t('register.resendIn', { seconds: c.secondsLeft })}</span>
            )}
          </p>
        </>
      )}
      <PasswordField
        label={t(kind === 'forgot' ? 'forgot.newPassword' : 'login.password')}
        autoComplete="new-password"
        maxLength={MAX_LEN.password}
        value={c.password}
        onValue={change('password')}
        readOnly={frozen('password')}
        error={c.errors.password}
        hint={t('register.passwordHint')}
      />
      {kind === 'register' && !c.hideInviteCode && (
        <TextField
          label={t('register.inviteCode')}
          maxLength={MAX_LEN.inviteCode}
          value={c.inviteCode ?? ''}
          onValue={change('inviteCode')}
          readOnly={frozen('inviteCode')}
          error={c.errors.inviteCode}
        />
      )}
      <div className="form-actions">
        <button type="submit" className="btn primary block" disabled={busy}>
          {busy ? t('common.loading') : t(kind === 'forgot' ? 'forgot.submit' : 'nav.register')}
        </button>
        <button
          type="button"
          className="btn ghost block"
          onClick={() => send({ type: 'back' })}
          disabled={busy}
        >
          {t('common.back')}
        </button>
      </div>
    </form>
  );
}
