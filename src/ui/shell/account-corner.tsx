/**
 * The top bar's account corner: sign in / sign up for visitors; for a user,
 * the demo/real switch, avatar, nick and uid, and the balance popover
 * (total = balance + locked margin, available = balance).
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { session } from '../../state/session.ts';
import { IconUser } from '../components/icons.tsx';
import { useBalance, useSessionUser } from '../hooks/use-session.ts';
import { money } from '../format.ts';
import { DemoSwitch } from './account-switch.tsx';
import { ServerImg } from '../components/server-img.tsx';
import { usePopoverEscape } from '../hooks/use-focus-trap.ts';

export function Avatar({ src, size = 32 }: { src?: string | undefined; size?: number }) {
  return (
    <span className="avatar" style={{ width: size, height: size }} aria-hidden="true">
      {src ? <ServerImg src={src} alt="" /> : <IconUser size={Math.round(size * 0.56)} />}
    </span>
  );
}

function BalancePopover() {
  const { t } = useTranslation();
  const b = useBalance(true);
  return (
    <div className="popover right" role="dialog" aria-label={t('top.balance')}>
      <dl className="kv">
        <dt>{t('top.total')}</dt>
        <dd>{b ? money(b.balanceAmount + b.lockMargin) : '—'}</dd>
        <dt>{t('top.available')}</dt>
        <dd>{b ? money(b.balanceAmount) : '—'}</dd>
      </dl>
      <div className="form-actions">
        <Link href="/user" className="btn block">
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
  const [open, setOpen] = useState(false);
  const toggle = usePopoverEscape(open, () => setOpen(false));
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
      <div className="popover-anchor">
        <button
          ref={toggle}
          type="button"
          className="account-button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <Avatar src={user?.avator} />
          {/* The name is the visible nick and uid, then what the button opens (WCAG 2.5.3). */}
          <span className="who">
            <b>{user?.nick ?? '…'}</b> <span className="muted small">UID {user?.uid ?? '…'}</span>
          </span>
          <span className="visually-hidden">{t('top.balance')}</span>
        </button>
        {open && <BalancePopover />}
      </div>
    </div>
  );
}
