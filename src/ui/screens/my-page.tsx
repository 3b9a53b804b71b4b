/**
 * My page (/user, the mobile user tab): profile, balance with refresh,
 * deposit and withdraw (real) or reset demo (demo), the menu, the demo/real
 * switch, log out, and the version.
 */
import { responsibleOn } from '../../config/site.ts';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { Link, useLocation } from 'wouter';
import { APP_VERSION } from '../../config/version.ts';
import { preferences } from '../../state/preferences.ts';
import { useFlags } from '../hooks/use-flags.ts';
import { showToast } from '../../state/toasts.ts';
import { TOAST_MS } from '../../config/constants.ts';
import { useServices } from '../services-context.tsx';
import { useDemo, useSessionUser, useUnread } from '../hooks/use-session.ts';
import { FIGURE } from '../figures.ts';
import { useBalanceFigures } from '../hooks/use-figures.ts';
import { useWallet } from '../hooks/use-wallet.ts';
import { Num } from '../components/num.tsx';
import { BalanceNum } from '../components/balance-num.tsx';
import { Drawer } from '../components/drawer.tsx';
import { MenuRow } from '../components/menu-row.tsx';
import { copyText } from '../clipboard.ts';
import { LanguageList, useLanguage } from '../shell/language-picker.tsx';
import { LANGUAGE_NAMES } from '../../i18n/language-names.ts';
import { Avatar } from '../shell/account-corner.tsx';
import { DemoReset, DemoSwitch } from '../flows/accountMode/switch.tsx';
import { displayPhone } from '../forms/phone.tsx';
import { DepositButton } from './user/deposit-button.tsx';
import { accountMenu } from './user/account-menu.ts';
import { useDark, useDesktop } from '../hooks/use-media.ts';
import './my-page.css';

export function MyPage() {
  const { t } = useTranslation();
  const { config, session } = useServices();
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const phone = displayPhone(user?.phone, user?.areaCode);
  const demo = useDemo();
  const unread = useUnread();
  const balance = useBalanceFigures(true);
  const flags = useFlags();
  // A real account with the multi-currency wallet: its total assets, as My wallet shows them.
  const walletShown = !!flags['multi-wallet'] && !!user && !demo;
  const wallet = useWallet(walletShown, user);
  const { redUp } = useSnapshot(preferences);
  const dark = useDark();
  const [lng] = useLanguage();
  const [drawer, setDrawer] = useState<'language' | 'logout'>();
  const desktop = useDesktop();
  // §2's items and order; the settings below are this page's own.
  const menu = accountMenu({
    desktop,
    demo,
    flags,
    verification: config.verification,
    registerType: user?.registerType,
    withdrawTypes: config.withdrawTypes,
    responsible: responsibleOn(config),
  });

  return (
    <main className="screen my-page">
      <header className="profile">
        <Avatar src={user?.avator} size={56} />
        <div>
          <h1 className="screen-title" translate="no">
            {user?.nick ?? '…'}
          </h1>
          <p className="muted small">UID {user?.uid ?? '…'}</p>
          {phone && (
            <p className="muted small">
              {t('login.phone')} <span dir="ltr">{phone}</span>
            </p>
          )}
        </div>
        <span className="spacer" />
        <DemoSwitch />
      </header>

      <section className="balance-card" aria-label={t('top.balance')} aria-busy={!balance}>
        <div className="row">
          <span className="muted">
            {t(walletShown ? 'wallet_ui.total_assets' : 'top.total')} (USD)
          </span>
          <button
            type="button"
            className="btn"
            onClick={() => session.send({ type: 'user.reload' })}
          >
            {t('common.refresh')}
          </button>
        </div>
        {/* One source per figure (hooks/use-figures.ts): the same as My wallet's and the popover's. */}
        <div className="amount">
          {walletShown ? (
            <Num
              kind="amount"
              unit="USD"
              value={wallet?.totalBalance}
              figure={FIGURE.walletTotal}
            />
          ) : (
            <BalanceNum which="total" />
          )}
        </div>
        {walletShown && (
          <div className="muted small">
            {t('top.total')} <BalanceNum which="total" />
          </div>
        )}
        <div className="muted small">
          {t('top.available')} <BalanceNum which="available" />
        </div>
      </section>

      {demo ? (
        <DemoReset />
      ) : (
        <div className="form-actions row">
          <DepositButton />
          <Link href="/user/withdraw" className="btn">
            {t('my.withdraw')}
          </Link>
        </div>
      )}

      {/* Bind e-mail and the invite code wait for the user: busy until it is loaded. */}
      <ul className="menu" aria-label={t('my.menu')} aria-busy={!user}>
        {menu.map((m) => (
          <MenuRow
            key={m.name}
            to={m.to}
            end={
              m.name === 'notification' && unread > 0 ? (
                <span className="count-badge">{unread}</span>
              ) : undefined
            }
          >
            {t(m.label)}
          </MenuRow>
        ))}
        {user?.inviteCode && (
          <MenuRow
            onClick={() => void copyText(user.inviteCode, t('my.copied'))}
            end={<b>{user.inviteCode}</b>}
          >
            {t('my.inviteCode')}
          </MenuRow>
        )}
        <MenuRow to="/user/service">{t('service.title')}</MenuRow>
        <MenuRow
          onClick={() => void copyText(config.serviceEmail, t('my.copied'))}
          end={<span translate="no">{config.serviceEmail}</span>}
        >
          {t('my.contactEmail')}
        </MenuRow>
        <MenuRow onClick={() => setDrawer('language')} end={LANGUAGE_NAMES[lng][1]}>
          {t('common.language')}
        </MenuRow>
        <MenuRow
          onClick={() => (preferences.redUp = !redUp)}
          end={t(redUp ? 'top.redUp' : 'top.greenUp')}
        >
          {t('my.theme')}
        </MenuRow>
        <li>
          <label className="menu-row">
            <span>{t('top.dark')}</span>
            <span className="end">
              <input
                type="checkbox"
                role="switch"
                checked={dark}
                onChange={() => (preferences.dark = !dark)}
              />
            </span>
          </label>
        </li>
        <li>
          <DemoSwitch variant="row" />
        </li>
        <MenuRow onClick={() => setDrawer('logout')}>{t('my.logout')}</MenuRow>
      </ul>
      <p className="version">
        {config.siteName} v{APP_VERSION}
      </p>

      <Drawer
        open={drawer === 'language'}
        title={t('common.language')}
        onClose={() => setDrawer(undefined)}
      >
        <LanguageList onDone={() => setDrawer(undefined)} />
      </Drawer>
      <Drawer
        open={drawer === 'logout'}
        title={t('my.logout')}
        onClose={() => setDrawer(undefined)}
      >
        <p>{t('my.logoutWarning')}</p>
        <div className="form-actions row">
          <button type="button" className="btn" onClick={() => setDrawer(undefined)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn primary"
            onClick={() => {
              session.send({ type: 'session.logout' });
              showToast(t('log_out_success'), 'success', TOAST_MS);
              navigate('/');
            }}
          >
            {t('common.confirm')}
          </button>
        </div>
      </Drawer>
    </main>
  );
}
