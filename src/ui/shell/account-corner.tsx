/** The top bar's account corner: sign in / sign up for visitors. */
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { session, decodeToken } from '../../state/session.ts';
import { IconUser } from '../components/icons.tsx';

export function AccountCorner() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
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
  const uid = decodeToken(token)?.uid;
  return (
    <Link href="/user" className="account-corner">
      <span className="avatar" aria-hidden="true">
        <IconUser size={18} />
      </span>
      <span>UID {uid}</span>
    </Link>
  );
}
