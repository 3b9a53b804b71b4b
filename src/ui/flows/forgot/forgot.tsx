/** Password reset (/forgot) on its machine, with the access screens' shared CodeSteps. */
import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocation } from 'wouter';
import { forgotActors } from '../../../machines/forgot/actors.ts';
import { forgotMachine } from '../../../machines/forgot/machine.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { useServices } from '../../services-context.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { useLanguage } from '../../shell/language-picker.tsx';
import { CodeSteps } from '../../forms/code-steps.tsx';
import { inspected } from '../../../machines/inspect.ts';

type Steps = Parameters<typeof CodeSteps>[0];

export function Forgot() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [, navigate] = useLocation();
  const flags = useFlags();
  const [locale] = useLanguage();
  const [state, send, actor] = useMachine(forgotMachine.provide({ actors: forgotActors(api) }), {
    ...inspected,
    input: { phoneEnabled: flags.PHONE_REGISTER === true, locale },
  });
  useNotices(actor);
  useEffect(() => {
    if (!state.matches('done')) return;
    navigate('/login');
  }, [state, navigate]);
  return (
    <main className="screen access">
      <header className="screen-header">
        <BackLink to="/login" />
        <span />
      </header>
      <h1 className="screen-title">{t('nav.forgot')}</h1>
      <CodeSteps
        state={state as unknown as Steps['state']}
        send={send as unknown as Steps['send']}
        kind="forgot"
      />
    </main>
  );
}
