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
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TOAST_MS } from '../../../config/constants.ts';
import {
  BANK_META_MISSING,
  withdrawActors,
  withdrawMachine,
  type WithdrawInput,
  type WithdrawTarget,
} from '../../../machines/withdrawMachine.ts';
import { site } from '../../../state/site.ts';
import { showToast } from '../../../state/toasts.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { Drawer } from '../../components/drawer.tsx';
import { TextField } from '../../forms/fields.tsx';
import { money } from '../../format.ts';
import { useAvailable, WalletHead } from './my-wallet.tsx';
import './wallet.css';

type Snapshot = ReturnType<typeof useWithdraw>[0];
type Send = ReturnType<typeof useWithdraw>[1];

function useWithdraw(input: WithdrawInput) {
  const { api } = useServices();
  return useMachine(withdrawMachine.provide({ actors: withdrawActors(api) }), { input });
}

/** How a target reads in the picker and the summary. */
function targetName(x: WithdrawTarget): string {
  if (x.kind === 'card') return `${x.bankName ?? ''} •••• ${(x.account ?? '').slice(-4)}`;
  return `${x.coin} ${x.protocol ?? ''}`.trim();
}

function TargetPicker({ state, send }: { state: Snapshot; send: Send }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const c = state.context;
  const target = c.targets.find((x) => x.id === c.targetId);
  const card = c.tab === 'bank_card';
  const title = t(card ? 'wallet_ui.choose_card' : 'wallet_ui.choose_coin');
  return (
    <>
      <div className="field">
        <span className="label">{t(card ? 'wallet_ui.bank_card' : 'wallet_ui.coin_network')}</span>
        <button
          type="button"
          className="card coin-picker"
          onClick={() => setOpen(true)}
          aria-label={`${title}: ${target ? targetName(target) : t('wallet_ui.none_chosen')}`}
          disabled={c.submitting}
        >
          {target?.logoUrl && <img src={target.logoUrl} alt="" width={32} height={32} />}
          <span className="coin-main">
            <b>{target ? targetName(target) : t('wallet_ui.none_chosen')}</b>
            {target?.address && <span className="muted small address">{target.address}</span>}
          </span>
          <span className="muted">›</span>
        </button>
      </div>
      <Drawer open={open} title={title} onClose={() => setOpen(false)}>
        <ul className="choice-list" aria-label={title}>
          {c.targets.map((x) => (
            <li key={x.id}>
              <button
                type="button"
                className={`choice coin-choice${x.id === c.targetId ? ' active' : ''}`}
                aria-pressed={x.id === c.targetId}
                onClick={() => {
                  send({ type: 'target.select', id: x.id });
                  setOpen(false);
                }}
              >
                {x.logoUrl && <img src={x.logoUrl} alt="" width={28} height={28} />}
                <span className="coin-main">
                  <span>{targetName(x)}</span>
                  {x.address && <span className="muted small address">{x.address}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Drawer>
    </>
  );
}

function WithdrawForm({ state, send }: { state: Snapshot; send: Send }) {
  const { t } = useTranslation();
  const c = state.context;
  const target = c.targets.find((x) => x.id === c.targetId);
  const limits = c.limits;
  const limitError = c.errors.amount === 'withdraw_amount_limit_front' && limits;
  const f = c.fee;
  const coin = target?.coin ?? '';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <TargetPicker state={state} send={send} />
      {target?.kind === 'wallet' && target.address && (
        <div className="field">
          <span className="label">{t('wallet_ui.withdraw_address')}</span>
          <code className="address confirm-address">{target.address}</code>
        </div>
      )}
      {target?.kind === 'coin' && (
        <TextField
          label={t('wallet_ui.payment_address')}
          autoComplete="off"
          spellCheck={false}
          value={c.address}
          onValue={(value) => send({ type: 'field.change', field: 'address', value })}
          error={c.errors.address}
          disabled={c.submitting}
        />
      )}
      <TextField
        label={t('wallet_ui.withdraw_amount', { coin: coin || '—' })}
        inputMode="decimal"
        autoComplete="off"
        value={c.amount}
        onValue={(value) => send({ type: 'field.change', field: 'amount', value })}
        error={limitError ? 'wallet_ui.limit_message' : c.errors.amount}
        errorValues={
          limitError
            ? {
                front: t('withdraw_amount_limit_front'),
                back: t('withdraw_amount_limit_back'),
                min: limits.min,
                max: limits.max,
                coin: limits.coin,
              }
            : undefined
        }
        hint={
          limits && t('wallet_ui.limits', { min: limits.min, max: limits.max, coin: limits.coin })
        }
        disabled={c.submitting}
      />
      <dl className="kv fee-box" aria-label={t('wallet_ui.fee_details')} aria-live="polite">
        <dt>{t('position.fee')}</dt>
        <dd>
          {f ? `${f.feeNum} ${coin}` : '—'}
          {f && <span className="muted small"> ≈ {money(f.feeUsd)} USD</span>}
        </dd>
        <dt>{t('wallet_ui.actual_amount')}</dt>
        <dd>{f ? `${f.practical} ${coin}` : '—'}</dd>
        <dt>{t('wallet_ui.balance_after')}</dt>
        <dd>{f ? `${money(f.afterBalance)} USD` : '—'}</dd>
      </dl>
      {state.hasTag('calculating') && (
        <span className="spinner small" role="status" aria-label={t('wallet_ui.calculating')} />
      )}
      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={c.submitting}
          aria-busy={c.submitting}
        >
          {c.submitting ? t('common.loading') : t('wallet_ui.submit')}
        </button>
      </div>
    </form>
  );
}

function Locked({ code }: { code: number | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="empty-state locked" role="status" aria-label={t('wallet_ui.locked')}>
      <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect
          x="5"
          y="11"
          width="14"
          height="10"
          rx="2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <h2 className="section-title">{t('withdraw_already_submitted')}</h2>
      {code !== undefined && <p>{t(`code.${code}`)}</p>}
      <Link href="/user/wallet/depositList" className="btn">
        {t('wallet_ui.deposit_records')}
      </Link>
    </section>
  );
}

function Empty({ tab }: { tab: 'crypto' | 'bank_card' }) {
  const { t } = useTranslation();
  const card = tab === 'bank_card';
  return (
    <div className="empty-state">
      <p>{t(card ? 'wallet_ui.no_bank_card' : 'wallet_ui.no_crypto_wallet')}</p>
      <Link
        href={card ? '/user/wallet/addBankCard' : '/user/wallet/addCrypto'}
        className="btn primary"
      >
        {t(card ? 'add_bank_card' : 'add_crypto_wallet')}
      </Link>
    </div>
  );
}

function WithdrawScreen({ input }: { input: WithdrawInput }) {
  const { t } = useTranslation();
  const [state, send] = useWithdraw(input);
  const c = state.context;

  // The success notice shows when a submission ends with it.
  const was = useRef(false);
  const submitting = state.hasTag('submitting');
  useEffect(() => {
    if (submitting) was.current = true;
    else if (was.current) {
      was.current = false;
      if (c.notice) showToast(t(c.notice.key), 'success', TOAST_MS);
    }
  }, [submitting, c.notice, t]);

  let body;
  if (state.matches('checking')) {
    body = (
      <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
        <div className="skeleton-row" />
        <div className="skeleton-row" />
      </div>
    );
  } else if (state.matches('locked')) {
    body = <Locked code={c.lockCode} />;
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
          <Empty tab={c.tab} />
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
  const { flags } = useSnapshot(site);
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
