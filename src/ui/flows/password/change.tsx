/**
 * Change password (/user/changePassword): the password machine's view. Old,
 * new and repeat; a change ends the session (the server ends every one), so
 * the user signs in again at /login.
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocation } from 'wouter';
import { passwordActors } from '../../../machines/password/actors.ts';
import { passwordMachine, type PasswordOutput } from '../../../machines/password/machine.ts';
import { MAX_LEN } from '../../../config/constants.ts';
import { useServices } from '../../services-context.tsx';
import { PasswordField } from '../../forms/fields.tsx';
import { ProfileHeader, useMachineOutcome } from '../../screens/user/profile-kit.tsx';
import { useNotices } from '../../hooks/use-notices.ts';
import { inspected } from '../../../machines/inspect.ts';

type Field = 'old' | 'password' | 'repeat';

export function ChangePassword() {
  const { t, i18n } = useTranslation();
  const { api, session } = useServices();
  const [, navigate] = useLocation();
  const [state, send, actor] = useMachine(
    passwordMachine.provide({
      actors: passwordActors(api),
      // The session service's log-out, so the session records why it ended.
      actions: { endSession: () => session.send({ type: 'session.logout' }) },
    }),
    { ...inspected, input: { locale: i18n.language } },
  );
  const c = state.context;
  // While the change is sent the machine drops edits: the fields are read-only (focus stays).
  const busy = state.hasTag('busy');

  useNotices(actor);
  // Every session ended with the change: on to sign in again.
  useMachineOutcome<PasswordOutput>(actor, (out) => navigate(out.to, { replace: true }));

  const change = (field: Field) => (value: string) => send({ type: 'field.change', field, value });

  return (
    <main className="screen profile-screen">
      <ProfileHeader title={t('profile.changePassword')} back="/user/account" />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <PasswordField
          label={t('changePassword.old')}
          autoComplete="current-password"
          maxLength={MAX_LEN.password}
          value={c.old}
          onValue={change('old')}
          readOnly={busy}
          error={c.errors.old}
        />
        <PasswordField
          label={t('changePassword.new')}
          autoComplete="new-password"
          maxLength={MAX_LEN.password}
          value={c.password}
          onValue={change('password')}
          readOnly={busy}
          error={c.errors.password}
          hint={t('register.passwordHint')}
        />
        <PasswordField
          label={t('changePassword.repeat')}
          autoComplete="new-password"
          maxLength={MAX_LEN.password}
          value={c.repeat}
          onValue={change('repeat')}
          readOnly={busy}
          error={c.errors.repeat}
        />
        <p className="muted small">{t('changePassword.signInAgain')}</p>
        <div className="form-actions">
          <button type="submit" className="btn primary block" disabled={busy} aria-busy={busy}>
            {busy ? t('common.loading') : t('changePassword.submit')}
          </button>
        </div>
      </form>
    </main>
  );
}
