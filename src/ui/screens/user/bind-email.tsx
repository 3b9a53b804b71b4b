/**
 * Bind e-mail (/user/bindEmail): the bind e-mail machine's view. Only for
 * phone-registered users on sites with user/bindEmail; anyone else is sent
 * back to /user.
 */
import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { bindEmailActors, bindEmailMachine } from '../../../machines/bindEmailMachine.ts';
import { MAX_LEN } from '../../../config/constants.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useServices } from '../../services-context.tsx';
import { TextField } from '../../forms/fields.tsx';
import {
  LoadError,
  LoadingRows,
  ProfileHeader,
  useAvailable,
  useMachineOutcome,
} from './profile-kit.tsx';
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
  const busy = state.hasTag('busy');
  useAvailable(state.status !== 'done');

  useMachineOutcome(actor);
  // The account now has this e-mail: the session's user info follows.
  useEffect(() => {
    if (c.notice) session.send({ type: 'user.reload' });
  }, [c.notice, session]);

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
      ) : state.status === 'done' ? null : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          <dl className="kv profile-kv">
            <dt>{t('bindEmail.current')}</dt>
            <dd>{c.current || t('bindEmail.none')}</dd>
          </dl>
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
      )}
    </main>
  );
}
