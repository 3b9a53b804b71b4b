/** My wallet, overview: total assets, deposit and withdraw, wallet shortcuts. */
import { useTranslation } from '../../../i18n/react.tsx';
import { Link } from 'wouter';
import { cryptoWithdrawOn } from '../../../config/site.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useServices } from '../../services-context.tsx';
import { Num } from '../../components/num.tsx';
import { FIGURE } from '../../figures.ts';
import { DepositButton } from '../../screens/user/deposit-button.tsx';
import '../../screens/my-page.css';

export function Overview({
  total,
  loading,
  onReload,
}: {
  total: string | undefined;
  loading: boolean;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const flags = useFlags();
  const { config } = useServices();
  return (
    <>
      <section className="balance-card" aria-label={t('wallet_ui.total_assets')}>
        <div className="row">
          <span className="muted">{t('wallet_ui.total_assets')} (USD)</span>
          <button type="button" className="btn" onClick={onReload} disabled={loading}>
            {t('common.refresh')}
          </button>
        </div>
        <div className="amount">
          <Num kind="amount" unit="USD" value={total} figure={FIGURE.walletTotal} />
        </div>
      </section>
      <div className="form-actions row wallet-actions">
        <DepositButton />
        <Link href="/user/withdraw" className="btn">
          {t('my.withdraw')}
        </Link>
      </div>
      <ul className="menu wallet-shortcuts" aria-label={t('wallet_ui.shortcuts')}>
        {cryptoWithdrawOn(flags, config.withdrawTypes) && (
          <li>
            <Link href="/user/wallet/crypto" className="menu-row">
              <span>{t('wallet_ui.crypto_wallet')}</span>
              <span className="end">›</span>
            </Link>
          </li>
        )}
        {flags['user/bankCard'] && (
          <li>
            <Link href="/user/wallet/bankCard" className="menu-row">
              <span>{t('wallet_ui.bank_card')}</span>
              <span className="end">›</span>
            </Link>
          </li>
        )}
      </ul>
    </>
  );
}
