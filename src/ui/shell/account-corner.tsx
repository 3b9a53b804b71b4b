/**
 * The top bar's account corner: sign in / sign up for visitors; for a user,
 * the demo/real switch, avatar, nick and uid, and the balance popover
 * (total = balance + locked margin, available = balance).
 */
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { Link, useLocation } from 'wouter';
import { session } from '../../state/session.ts';
import { IconUser } from '../components/icons.tsx';
import { useSessionUser } from '../hooks/use-session.ts';
import { useBalanceFigures } from '../hooks/use-figures.ts';
import { BalanceNum } from '../components/balance-num.tsx';
import { useLayer } from '../hooks/use-layer.ts';
import { DemoSwitch } from '../flows/accountMode/switch.tsx';
import { ServerImg } from '../components/server-img.tsx';
import './top-bar.css';

export function Avatar({ src, size = 32 }: { src?: string | undefined; size?: number }) {
  return (
    <span className="avatar" style={{ width: size, height: size }} aria-hidden="true">
      {src ? <ServerImg src={src} alt="" /> : <IconUser size={Math.round(size * 0.56)} />}
    </span>
  );
}

function BalancePopover({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const b = useBalanceFigures(true);
  return (
    <div className="popover right" role="dialog" aria-label={t('top.balance')}>
      {/* Blank until this account's balance is read: never an old figure as if current. */}
      <dl className="kv" aria-busy={!b}>
        <dt>{t('top.total')}</dt>
        <BalanceNum as="dd" which="total" />
        <dt>{t('top.available')}</dt>
        <BalanceNum as="dd" which="available" />
      </dl>
      <div className="form-actions">
        <Link href="/user" className="btn block" onClick={onDone}>
          {t('nav.user')}
        </Link>
      </div>
    </div>
  );
}

export function AccountCorner() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const user = useSessionUser();
  const [location] = useLocation();
  // Open for the place it was opened at: any navigation closes it.
  const [openAt, setOpenAt] = useState<string>();
  const open = !!token && openAt === location;
  const close = () => setOpenAt(undefined);
  const anchor = useRef<HTMLDivElement>(null);
  useLayer(open, close, anchor, { outside: true });
  if (!token) {
    return (
      <div className="account-corner">
        <Link href="/login" className="btn ghost">
          {t('nav.login')}
        </Link>
        <Link href="/register" className="btn primary">
          {t('nav.register')}
        </Link>
      </div>
    );
  }
  return (
    <div className="account-corner">
      <DemoSwitch />
      <div className="popover-anchor" ref={anchor}>
        <button
          type="button"
          className="account-button"
          aria-expanded={open}
          onClick={() => setOpenAt(open ? undefined : location)}
        >
          <Avatar src={user?.avator} />
          {/* The name is the visible nick and uid, then what the button opens (WCAG 2.5.3). */}
          <span className="who">
            <b>{user?.nick ?? '…'}</b> <span className="muted small">UID {user?.uid ?? '…'}</span>
          </span>
          <span className="visually-hidden">{t('top.balance')}</span>
        </button>
        {open && <BalancePopover onDone={close} />}
      </div>
    </div>
  );
}
