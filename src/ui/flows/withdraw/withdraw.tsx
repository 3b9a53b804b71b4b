/**
 * Withdraw (/user/withdraw, real account): the withdraw machine's view
 * (user-centre.md §2 "Withdraw", §4 "Withdraw", §5 "Withdraw", §6
 * NO_WALLET_WITHDRAW and user/bankCard, §8 1066/1067/1070).
 * - The status check first; 1066, 1067 or 1070: locked, with the message.
 * - Tabs crypto / bank_card when more than one method is configured.
 * - The saved wallet, coin network (typed payment address with
 *   NO_WALLET_WITHDRAW) or bank card is chosen in a drawer; a saved wallet's
 *   address is shown for confirmation.
 * - Amount with the limits message; fee, actual amount and balance after
 *   from the machine's calculation; submit.
 * - No wallet or card: buttons to add one.
 *
 * The form, the review, the target picker, the locked and empty states and
 * the machine hook are in form.tsx, review.tsx, target.tsx, states.tsx and
 * kit.ts beside it (src/ui/flows/withdraw/), with withdraw.css.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { BANK_META_MISSING, type WithdrawInput } from '../../../machines/withdraw/machine.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { useAvailable, WalletHead } from '../../screens/user/my-wallet-kit.tsx';
import { useWithdraw } from './kit.ts';
import { WithdrawForm } from './form.tsx';
import { Empty, Locked } from './states.tsx';
import '../../screens/user/wallet.css';
import './withdraw.css';

function WithdrawScreen({ input }: { input: WithdrawInput }) {
  const { t } = useTranslation();
  const [state, send, actor] = useWithdraw(input);
  const c = state.context;
  // A submission that went through is announced by the machine.
  useNotices(actor);

  let body;
  if (state.matches('checking')) {
    body = (
      <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
        <div className="skeleton-row" />
        <div className="skeleton-row" />
      </div>
    );
  } else if (state.matches('locked')) {
    body = <Locked code={c.lockCode} onRefresh={() => send({ type: 'status.refresh' })} />;
  } else {
    body = (
      <>
        {c.showTabs && (
          <div className="tabs" role="tablist" aria-label={t('my.withdraw')}>
            {c.tabs.map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={c.tab === k}
                className={`tab${c.tab === k ? ' active' : ''}`}
                disabled={c.submitting}
                onClick={() => send({ type: 'tab.select', tab: k })}
              >
                {t(`wallet_ui.tab_${k}`)}
              </button>
            ))}
          </div>
        )}
        {state.matches({ ready: 'loading' }) ? (
          <div className="skeleton-row" role="status" aria-label={t('common.loading')} />
        ) : state.matches({ ready: 'loadFailed' }) ? (
          <div className="empty-state">
            <p>{t('wallet_ui.load_failed')}</p>
            <button type="button" className="btn" onClick={() => send({ type: 'load.retry' })}>
              {t('common.retry')}
            </button>
          </div>
        ) : state.matches({ ready: 'metaMissing' }) ? (
          <p className="empty-state" role="alert">
            {t(BANK_META_MISSING)}
          </p>
        ) : state.hasTag('empty') ? (
          <Empty tab={c.tab} noWallet={c.noWallet} />
        ) : (
          <WithdrawForm state={state} send={send} />
        )}
      </>
    );
  }
  return (
    <main className="screen wallet-screen">
      <WalletHead title={t('my.withdraw')} />
      {body}
    </main>
  );
}

export function Withdraw() {
  const { i18n } = useTranslation();
  const { config } = useServices();
  const flags = useFlags();
  const demo = useDemo();
  const ok = useAvailable(!demo);
  // The machine reads its input once.
  const [input] = useState<WithdrawInput>(() => ({
    methods: config.withdrawTypes,
    bankCard: !!flags['user/bankCard'],
    noWallet: !!flags.NO_WALLET_WITHDRAW,
    locale: i18n.language,
  }));
  return ok ? <WithdrawScreen input={input} /> : null;
}
