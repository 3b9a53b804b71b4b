/**
 * The withdraw screen's states besides the form: locked (1066, 1067, 1070)
 * and no saved wallet or card.
 */
import { useTranslation } from '../../../i18n/react.tsx';
import { Link } from 'wouter';
import { lockTitleKey } from '../../../machines/withdraw/machine.ts';

/** The way out of a lock, beside Refresh: the records for a request in review, else the cause. */
const LOCK_WAY_OUT: Record<number, { href: string; label: string }> = {
  1066: { href: '/user/service', label: 'wallet_ui.contact_support' },
  1070: { href: '/position', label: 'wallet_ui.open_positions' },
};

/** Locked by 1066, 1067 or 1070; Refresh checks again (the request decided, the positions closed). */
export function Locked({ code, onRefresh }: { code: number | undefined; onRefresh: () => void }) {
  const { t } = useTranslation();
  const wayOut = code === undefined ? undefined : LOCK_WAY_OUT[code];
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
      <h2 className="section-title">{t(lockTitleKey(code))}</h2>
      {code !== undefined && <p>{t(`code.${code}`)}</p>}
      <div className="form-actions row">
        {wayOut ? (
          <Link href={wayOut.href} className="btn primary">
            {t(wayOut.label)}
          </Link>
        ) : (
          <Link href="/user/wallet/depositList" className="btn">
            {t('wallet_ui.deposit_records')}
          </Link>
        )}
        <button type="button" className="btn" onClick={onRefresh}>
          {t('common.refresh')}
        </button>
      </div>
    </section>
  );
}

/**
 * Nothing to withdraw to: the button to add a wallet or a card (user-centre.md
 * §2). Without saved wallets (NO_WALLET_WITHDRAW) the crypto tab lists the
 * operator's networks, which the user cannot add: it says none is available
 * rather than offer a button to a screen that is switched off.
 */
export function Empty({ tab, noWallet }: { tab: 'crypto' | 'bank_card'; noWallet: boolean }) {
  const { t } = useTranslation();
  const card = tab === 'bank_card';
  if (!card && noWallet)
    return (
      <p className="empty-state" role="status">
        {t('wallet_ui.no_coin_withdraw')}
      </p>
    );
  return (
    <div className="empty-state">
      <p>{t(card ? 'wallet_ui.no_bank_card' : 'wallet_ui.no_crypto_wallet')}</p>
      {/* user-centre.md §5: nothing to withdraw to until one is added. */}
      <p className="muted" role="status">
        {t('wallet_ui.add_card_or_wallet_first')}
      </p>
      <Link
        href={card ? '/user/wallet/addBankCard' : '/user/wallet/addCrypto'}
        className="btn primary"
      >
        {t(card ? 'add_bank_card' : 'add_crypto_wallet')}
      </Link>
    </div>
  );
}
