/** Sign up (/register) on its machine; the steps are the access screens' shared CodeSteps. */
import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Link, useLocation } from 'wouter';
import { registerActors } from '../../../machines/register/actors.ts';
import { registerMachine } from '../../../machines/register/machine.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { rememberRegisterAccount } from '../../../state/remember.ts';
import { useServices } from '../../services-context.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { useLanguage } from '../../shell/language-picker.tsx';
import { CodeSteps } from '../../forms/code-steps.tsx';
import { inspected } from '../../../machines/inspect.ts';

type Steps = Parameters<typeof CodeSteps>[0];

export function Register() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [, navigate] = useLocation();
  const flags = useFlags();
  const [locale] = useLanguage();
  const [state, send, actor] = useMachine(
    registerMachine.provide({ actors: registerActors(api) }),
    {
      ...inspected,
      input: {
        phoneEnabled: flags.PHONE_REGISTER === true,
        phoneCaptcha: flags.phoneCaptcha === true,
        hideInviteCode: flags.hideRegisterInviteCode === true,
        sendCompleteMail: flags.sendRegisterCompleteMail === true,
        locale,
      },
    },
  );
  useNotices(actor);
  useEffect(() => {
    if (!state.matches('done') || !state.output) return;
    // Stored too (trading.md §3 "register account"): a reload of sign in keeps it.
    rememberRegisterAccount({ type: state.output.type, value: state.output.account });
    navigate('/login', { state: { prefill: state.output } });
  }, [state, navigate]);
  return (
    <main className="screen access">
      <header className="screen-header">
        <BackLink />
        <span />
      </header>
      <h1 className="screen-title">{t('nav.register')}</h1>
      <CodeSteps
        state={state as unknown as Steps['state']}
        send={send as unknown as Steps['send']}
        kind="register"
      />
      <div className="form-links">
        <span />
        <Link href="/login">{t('register.haveAccount')}</Link>
      </div>
    </main>
  );
}
