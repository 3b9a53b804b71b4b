import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'wouter';

/** What a visitor sees where a signed-in user would trade. */
export function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <p>{t('tips.login_required')}</p>
      <Link href="/login" className="btn primary">
        {t('nav.login')}
      </Link>
    </div>
  );
}
