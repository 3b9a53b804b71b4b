/** A load that failed: the message and a Retry button, announced as an alert. */
import { useTranslation } from '../../i18n/react.tsx';

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" role="alert">
      <p>{message}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
