/**
 * Bind e-mail (/user/bindEmail): the bind e-mail machine's view. Only for
 * phone-registered users on sites with user/bindEmail; anyone else is sent
 * back to /user. The spec's screen (the address) and, once an address is
 * bound, our code step: the code mailed to it proves it (code.tsx).
 */
import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import { bindEmailActors } from '../../../machines/bindEmail/actors.ts';
import { bindEmailMachine } from '../../../machines/bindEmail/machine.ts';
import { MAX_LEN } from '../../../config/constants.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { useServices } from '../../services-context.tsx';
import { TextField } from '../../forms/fields.tsx';
import {
  LoadError,
  LoadingRows,
  ProfileHeader,
  useAvailable,
} from '../../screens/user/profile-kit.tsx';
import { BindEmailCode, type BindEmailView } from './code.tsx';
import { inspected } from '../../../machines/inspect.ts';

export function BindEmail() {
  const { t } = useTranslation();
  const { api, session } = useServices();
  const flags = useFlags();
  const [state, send, actor] = useMachine(
    bindEmailMachine.provide({ actors: bindEmailActors(api) }),
    { ...inspected, input: { enabled: flags['user/bindEmail'] === true } },
  );
  const c = state.context;
  useAvailable(state.status !== 'done');
  useNotices(actor);
  useSessionFollows(c.registerType ? `${c.current}|${c.pending}` : undefined, () =>
    session.send({ type: 'user.reload' }),
  );

  return (
    <main className="screen profile-screen">
      <ProfileHeader title={t('profile.bindEmail')} back="/user/account" />
      {state.matches('loading') ? (
        <LoadingRows rows={2} />
      ) : state.matches('failed') ? (
        <LoadError
          message={t('profile.loadFailed')}
          onRetry={() => send({ type: 'info.reload' })}
        />
      ) : state.status === 'done' ? null : state.matches('proving') ? (
        <BindEmailCode state={state} send={send} />
      ) : (
        <AddressStep state={state} send={send} />
      )}
    </main>
  );
}

/**
 * The session's user info follows the account's address (the loan screen
 * asks for a bound one): read again whenever `key` changes after the first
 * value.
 */
function useSessionFollows(key: string | undefined, reload: () => void) {
  const first = useRef<string | undefined>(undefined);
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    if (key === undefined) return;
    if (first.current === undefined) first.current = key;
    else latest.current();
  }, [key]);
}

/** The spec's screen: the current address (waiting for its proof, or not) and a new one. */
function AddressStep({ state, send }: BindEmailView) {
  const { t } = useTranslation();
  const c = state.context;
  const busy = state.hasTag('busy');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <dl className="kv profile-kv">
        <dt>{t('bindEmail.current')}</dt>
        <dd>
          {c.current || t('bindEmail.none')}
          {c.pending && <span className="pending-note"> {t('bindEmail.pending')}</span>}
        </dd>
      </dl>
      {c.pending && (
        <button
          type="button"
          className="btn block"
          disabled={busy || !state.can({ type: 'code.enter' })}
          onClick={() => send({ type: 'code.enter' })}
        >
          {t('bindEmail.enterCode')}
        </button>
      )}
      <p className="muted small">{t('bindEmail.hint')}</p>
      <TextField
        label={t('login.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={MAX_LEN.email}
        value={c.email}
        onValue={(value) => send({ type: 'field.change', field: 'email', value })}
        // Dropped by the machine while the address is sent: read-only meanwhile (focus stays).
        readOnly={busy}
        error={c.errors.email}
      />
      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={busy || !state.can({ type: 'form.submit' })}
          aria-busy={busy}
        >
          {busy ? t('common.loading') : t('bindEmail.submit')}
        </button>
      </div>
    </form>
  );
}
