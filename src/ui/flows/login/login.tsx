/** Sign in (/login): the login machine's view. */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Link, useLocation, useSearch } from 'wouter';
import { loginActors } from '../../../machines/login/actors.ts';
import { loginMachine, type LoginInput } from '../../../machines/login/machine.ts';
import { safeReturnPath } from '../../../machines/routes.ts';
import { MAX_LEN } from '../../../config/constants.ts';
import {
  recallAccount,
  recallPassword,
  recallRegisterAccount,
  rememberRegisterAccount,
} from '../../../state/remember.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { useServices } from '../../services-context.tsx';
import { useDesktop } from '../../hooks/use-media.ts';
import { Check, CodeField, PasswordField } from '../../forms/fields.tsx';
import { AccountField } from '../../forms/account-field.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { LanguageList } from '../../shell/language-picker.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { IconGlobe, IconService } from '../../components/icons.tsx';
import { inspected } from '../../../machines/inspect.ts';
import { formatDateTime } from '../../format.ts';
import './login.css';

/** Remembered account and password are read first (the password is decrypted asynchronously). */
function useRemembered(): LoginInput['remembered'] | null | undefined {
  const [value, setValue] = useState<LoginInput['remembered'] | null>();
  useEffect(() => {
    const account = recallAccount();
    if (!account) return setValue(null);
    void recallPassword().then((password) =>
      setValue({ ...account, ...(password ? { password } : {}) }),
    );
  }, []);
  return value;
}

function LoginForm({ input }: { input: LoginInput }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [state, send, actor] = useMachine(loginMachine.provide({ actors: loginActors(api) }), {
    ...inspected,
    input,
  });
  useNotices(actor);
  const c = state.context;
  const busy = state.hasTag('busy');
  // Just signed up (trading.md §7: back to sign in with the account filled in):
  // the password is all that is left to type, so the caret waits there.
  const form = useRef<HTMLFormElement>(null);
  const prefilled = !!input.prefill;
  useEffect(() => {
    if (prefilled)
      form.current
        ?.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')
        ?.focus();
  }, [prefilled]);

  useEffect(() => {
    if (!state.matches('signedIn')) return;
    rememberRegisterAccount(undefined);
    const to = new URLSearchParams(search).get('to');
    navigate(safeReturnPath(to, window.location.origin), { replace: true });
  }, [state, navigate, search]);

  const change = (field: 'username' | 'password' | 'code') => (value: string) =>
    send({ type: 'field.change', field, value });

  if (state.matches('secondFactor') || state.matches('verifying')) {
    return (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <p className="muted">{t('login.secondFactorHint')}</p>
        <CodeField
          label={t('login.code')}
          value={c.code}
          onValue={change('code')}
          error={c.errors.code}
          focusKey={c.focusCode}
          readOnly={busy}
        />
        <div className="form-actions">
          <button type="submit" className="btn primary block" disabled={busy}>
            {busy ? t('common.loading') : t('login.verify')}
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

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <AccountField
        phoneEnabled={c.phoneEnabled}
        type={c.type}
        onType={(value) => send({ type: 'type.change', value })}
        value={c.username}
        onValue={change('username')}
        error={c.errors.username}
        autoComplete="username"
        busy={busy}
      />
      {/* While signing in the machine takes no change: a tick now would be dropped. */}
      <PasswordField
        label={t('login.password')}
        autoComplete="current-password"
        maxLength={MAX_LEN.password}
        value={c.password}
        onValue={change('password')}
        error={c.errors.password}
        readOnly={busy}
      />
      <div className="checks">
        <Check
          label={t('login.remember')}
          checked={c.remember}
          onToggle={() => send({ type: 'remember.toggle' })}
          disabled={busy}
        />
        <Check
          label={t('login.rememberPassword')}
          checked={c.rememberPassword}
          onToggle={() => send({ type: 'rememberPassword.toggle' })}
          disabled={busy}
        />
      </div>
      {c.excludedUntil !== undefined && (
        // Self-excluded (responsible trading, code 1123): until when, beside the form.
        <p className="field-error" role="alert">
          {t('responsible.excludedUntil', { until: formatDateTime(c.excludedUntil) })}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn primary block" disabled={busy}>
          {busy ? t('common.loading') : t('nav.login')}
        </button>
      </div>
      <div className="form-links">
        <Link href="/forgot">{t('login.forgot')}</Link>
        <Link href="/register">{t('login.newUser')}</Link>
      </div>
    </form>
  );
}

export function Login() {
  const { t } = useTranslation();
  const flags = useFlags();
  const desktop = useDesktop();
  const remembered = useRemembered();
  // Just signed up: the new account comes in the navigation state, and is
  // stored until a sign-in succeeds.
  const [arrived] = useState(
    () => (history.state as { prefill?: { type: 'E' | 'P'; account: string } } | null)?.prefill,
  );
  const [prefill] = useState(() =>
    arrived ? { type: arrived.type, value: arrived.account } : recallRegisterAccount(),
  );
  const [languages, setLanguages] = useState(false);
  return (
    <main className="screen access">
      <header className="screen-header">
        <BackLink />
        <div className="header-actions">
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.language')}
            onClick={() => setLanguages(true)}
          >
            <IconGlobe />
          </button>
          {!desktop && (
            <Link href="/user/service" className="icon-btn" aria-label={t('home.service')}>
              <IconService />
            </Link>
          )}
        </div>
      </header>
      <h1 className="screen-title">{t('nav.login')}</h1>
      {/* Just signed up (trading.md §7 "Register"): said until the user signs in or leaves. */}
      {arrived && (
        <p className="form-note success" role="status">
          {t('login.account_created')}
        </p>
      )}
      {remembered === undefined ? (
        <div className="skeleton-row" role="status" aria-label={t('common.loading')} />
      ) : (
        <LoginForm
          input={{
            phoneEnabled: flags.PHONE_REGISTER === true,
            ...(remembered ? { remembered } : {}),
            ...(prefill ? { prefill } : {}),
          }}
        />
      )}
      <Drawer open={languages} title={t('common.language')} onClose={() => setLanguages(false)}>
        <LanguageList onDone={() => setLanguages(false)} />
      </Drawer>
    </main>
  );
}
