/**
 * Deposit (/user/deposit): the deposit machine's view (user-centre.md §2
 * "Deposit", §4 "Deposit", §5 "Deposit" and "Images").
 * - Tabs among the configured deposit types; crypto step one: the coin and
 *   network picker (a drawer), the address with its QR code (unless
 *   depositHideQRCode) and copy; Next → step two: amount, proof image,
 *   agreement (link to /user/agreement), submit; the back arrow returns to
 *   step one. Bank: the user's cards and online customer service.
 * - The form is kept in session storage only while /user/agreement is open:
 *   the agreement link sends `agreement.open` (the machine stores it); back on
 *   /user/deposit the kept form is the machine's `restored` input (the
 *   machine clears it on start); any other navigation from the agreement
 *   page sends `navigate.away` (the machine's clearStoredForm).
 * - Images: heic/jpg/jpeg/png up to 10 MB (the machine's rules). Over 0.3 MB
 *   they are redrawn on a canvas (max 1920 px, JPEG 0.75; HEIC always, at
 *   0.7). A browser that cannot decode HEIC sends the file as chosen: the
 *   machine's extension and size rules and the server decide.
 * - After a deposit: the result step (result.tsx) until New deposit.
 * Unavailable (demo account, deposits disabled, no deposit type): back to
 * /user with a notice.
 *
 * The tabs, step two, the result, the minimum, the proof image, the hooks
 * and the kept form's watcher are beside it (src/ui/flows/deposit/); the
 * Deposit button of my page and the wallet overview stays shared
 * (screens/user/deposit-button.tsx).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Link, useLocation } from 'wouter';
import {
  restoreDepositForm,
  type DepositForm,
  type DepositInput,
} from '../../../machines/deposit/machine.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { useDesktop } from '../../hooks/use-media.ts';
import { IconBack } from '../../components/icons.tsx';
import { useAvailable, WalletHead } from '../../screens/user/my-wallet-kit.tsx';
import { BankTab } from './bank.tsx';
import { CryptoTab } from './crypto.tsx';
import { useDeposit, useWalletType } from './hooks.ts';
import { DepositResult } from './result.tsx';
import '../../screens/user/wallet.css';
import './deposit.css';

function DepositScreen({ input }: { input: DepositInput }) {
  const { t } = useTranslation();
  const [state, send, actor] = useDeposit(input);
  const c = state.context;
  // The machine's notices (the address copied) show as toasts.
  useNotices(actor);
  const disabled = state.hasTag('disabled');
  useAvailable(!disabled);
  // Any navigation but the agreement page clears the kept form. (This screen
  // may stay mounted while the agreement page loads, and show again on Back.)
  const [location] = useLocation();
  useEffect(() => {
    if (c.stored && !location.endsWith('/user/agreement')) send({ type: 'navigate.away' });
  }, [location, c.stored, send]);

  const copy = () => send({ type: 'address.copy' });

  if (disabled) return null;
  if (state.matches('checking')) return <Loading />;
  if (state.hasTag('banned')) return <Banned onRefresh={() => send({ type: 'status.refresh' })} />;
  if (state.matches({ crypto: 'submitted' }) && c.result) {
    return (
      <main className="screen wallet-screen">
        <WalletHead title={t('my.deposit')} />
        <DepositResult r={c.result} onNew={() => send({ type: 'deposit.new' })} />
      </main>
    );
  }
  const step2 = c.tab === 'crypto' && c.step === 2;
  return (
    <main className="screen wallet-screen">
      {step2 ? (
        <>
          <header className="screen-header">
            <button
              type="button"
              className="icon-btn"
              aria-label={t('common.back')}
              onClick={() => send({ type: 'step.back' })}
              disabled={state.hasTag('busy')}
            >
              <IconBack />
            </button>
          </header>
          <h1 className="screen-title">{t('my.deposit')}</h1>
        </>
      ) : (
        <WalletHead title={t('my.deposit')} />
      )}
      {c.tabs.length > 1 && !step2 && (
        <div className="tabs" role="tablist" aria-label={t('my.deposit')}>
          {c.tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={c.tab === k}
              className={`tab${c.tab === k ? ' active' : ''}`}
              onClick={() => send({ type: 'tab.select', tab: k })}
            >
              {t(`wallet_ui.tab_${k}`)}
            </button>
          ))}
        </div>
      )}
      {step2 && <p className="muted">{t('wallet_ui.step_2')}</p>}
      {c.tab === 'crypto' ? (
        <CryptoTab state={state} send={send} onCopy={copy} />
      ) : (
        <BankTab state={state} send={send} />
      )}
    </main>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <main className="screen wallet-screen" aria-busy="true">
      <div className="skeleton-row" role="status" aria-label={t('common.loading')} />
    </main>
  );
}

/** depositBanNewFlow: the latest deposit waits for review; Refresh reads its status again. */
function Banned({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="screen wallet-screen">
      <WalletHead title={t('my.deposit')} />
      <section
        className="empty-state locked"
        role="status"
        aria-label={t('wallet_ui.deposit_in_review')}
      >
        <h2 className="section-title">{t('wallet_ui.deposit_in_review')}</h2>
        <p>{t('code.23552')}</p>
        <div className="form-actions row">
          <Link href="/user/wallet/depositList" className="btn">
            {t('wallet_ui.deposit_records')}
          </Link>
          <button type="button" className="btn" onClick={onRefresh}>
            {t('common.refresh')}
          </button>
        </div>
      </section>
    </main>
  );
}

export function Deposit() {
  const { i18n } = useTranslation();
  const { config } = useServices();
  const flags = useFlags();
  const demo = useDemo();
  const desktop = useDesktop();
  const walletType = useWalletType();
  // Deposits disabled: a phone goes home (§2 "Deposit"); the desktop drawer back to /user.
  const ok = useAvailable(
    !demo && !flags.depositDisabled,
    flags.depositDisabled && !desktop ? '/' : '/user',
  );
  // The kept form is read once, as the page opens (the machine then clears it).
  const [restored] = useState<DepositForm | undefined>(() => restoreDepositForm());
  const input = useMemo<DepositInput | undefined>(
    () =>
      walletType === undefined
        ? undefined
        : {
            types: config.depositTypes,
            hideCrypto: !!flags.depositHideCrypto,
            hideQRCode: !!flags.depositHideQRCode,
            walletType,
            locale: i18n.language,
            banNewFlow: !!flags.depositBanNewFlow,
            ...(restored ? { restored } : {}),
          },
    // The machine reads its input once: later changes do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [walletType === undefined],
  );
  if (!ok) return null;
  if (!input) return <Loading />;
  return <DepositScreen input={input} />;
}
