/** Demo / real switch behind a warning confirmation, and the demo reset (the account mode machine's view). */
import { Suspense, useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../../i18n/react.tsx';
import { accountModeActors } from '../../../machines/accountMode/actors.ts';
import { accountModeMachine } from '../../../machines/accountMode/machine.ts';
import { decodeToken, isDemo, session } from '../../../state/session.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { useServices } from '../../services-context.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { inspected } from '../../../machines/inspect.ts';
import './accountMode.css';

function useAccountMode() {
  const { api, session: sessionActor } = useServices();
  const { token } = useSnapshot(session);
  const flags = useFlags();
  const [state, send, actor] = useMachine(
    accountModeMachine.provide({ actors: accountModeActors(api) }),
    {
      ...inspected,
      input: { virtualTrading: flags.virtualTrading === true, demo: isDemo(decodeToken(token)) },
    },
  );
  useNotices(actor);
  const c = state.context;
  useEffect(() => {
    if (c.reloaded) sessionActor.send({ type: 'user.reload' });
  }, [c.reloaded, sessionActor]);
  // The flag can change while the switch is shown (the system config is read again).
  const virtualTrading = flags.virtualTrading === true;
  useEffect(() => {
    send({ type: 'flags.change', virtualTrading });
  }, [virtualTrading, send]);
  return [state, send] as const;
}

/** The switch button (top bar, my page) with its confirm drawer; a new machine for each session token. */
/** `cta`: a primary button spelling the switch out (the first-run hint). */
type Variant = 'button' | 'row' | 'cta';

export function DemoSwitch(props: { variant?: Variant }) {
  const { token } = useSnapshot(session);
  // Shown once the flags are read (virtualTrading decides it): hooks/use-flags.ts.
  return (
    <Suspense fallback={null}>
      <DemoSwitchFor key={token} {...props} />
    </Suspense>
  );
}

function DemoSwitchFor({ variant = 'button' }: { variant?: Variant }) {
  const { t } = useTranslation();
  const [state, send] = useAccountMode();
  const c = state.context;
  // Asked of the machine: switching drops a cancel, and the drawer stays until it is done.
  const switching = !state.can({ type: 'confirm.cancel' });
  const cancel = () => !switching && send({ type: 'confirm.cancel' });
  if (!c.virtualTrading) return null;
  return (
    <>
      {variant === 'cta' ? (
        <button
          type="button"
          className="btn primary"
          onClick={() => send({ type: 'confirm.open' })}
        >
          {t(c.demo ? 'account.toReal' : 'account.toDemo')}
        </button>
      ) : (
        <button
          type="button"
          className={variant === 'row' ? 'menu-row' : 'btn ghost demo-switch'}
          onClick={() => send({ type: 'confirm.open' })}
          // The name starts with the visible badge (WCAG 2.5.3, label in name); a row shows its text.
          aria-label={
            variant === 'row'
              ? undefined
              : `${t(c.demo ? 'top.demo' : 'top.real')} · ${t(c.demo ? 'account.toReal' : 'account.toDemo')}`
          }
        >
          <span className={`badge ${c.demo ? 'demo-bg' : 'real-bg'}`}>
            {t(c.demo ? 'top.demo' : 'top.real')}
          </span>{' '}
          {variant === 'row' && <span>{t(c.demo ? 'account.toReal' : 'account.toDemo')}</span>}
        </button>
      )}
      <Drawer
        open={state.hasTag('confirm') || state.matches('switching')}
        title={t('account.switchTitle')}
        onClose={cancel}
      >
        <p>{t(c.demo ? 'account.switchToRealWarning' : 'account.switchToDemoWarning')}</p>
        <ConfirmButtons
          busy={state.hasTag('busy')}
          cancelInert={switching}
          onCancel={cancel}
          onConfirm={() => send({ type: 'confirm.accept' })}
        />
      </Drawer>
    </>
  );
}

/** Reset the demo account (a demo session only). */
export function DemoReset() {
  const { token } = useSnapshot(session);
  return <DemoResetFor key={token} />;
}

function DemoResetFor() {
  const { t } = useTranslation();
  const [state, send] = useAccountMode();
  const c = state.context;
  const resetting = state.matches('resetting');
  const cancel = () => !resetting && send({ type: 'confirm.cancel' });
  if (!c.demo) return null;
  return (
    <>
      <button
        type="button"
        className="btn block"
        disabled={state.hasTag('busy')}
        onClick={() => send({ type: 'demo.reset' })}
      >
        {t('account.resetDemo')}
      </button>
      <Drawer
        open={state.hasTag('resetConfirm') || resetting}
        title={t('account.resetTitle')}
        onClose={cancel}
      >
        <p>{t('account.resetWarning')}</p>
        <ConfirmButtons
          busy={resetting}
          cancelInert={resetting}
          onCancel={cancel}
          onConfirm={() => send({ type: 'confirm.accept' })}
        />
      </Drawer>
    </>
  );
}

/**
 * A confirm drawer's Cancel and Confirm. Not `disabled` while busy: the button just pressed
 * keeps keyboard focus while the work runs; a press then does nothing.
 */
function ConfirmButtons(p: {
  busy: boolean;
  cancelInert: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-actions row">
      <button
        type="button"
        className="btn"
        aria-disabled={p.cancelInert || undefined}
        onClick={p.onCancel}
      >
        {t('common.cancel')}
      </button>
      <button
        type="button"
        className="btn primary"
        aria-disabled={p.busy || undefined}
        aria-busy={p.busy || undefined}
        onClick={() => !p.busy && p.onConfirm()}
      >
        {p.busy ? t('common.loading') : t('common.confirm')}
      </button>
    </div>
  );
}
