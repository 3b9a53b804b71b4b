import { useTranslation } from '../../i18n/react.tsx';

/** A route whose screen is not built yet (the guard still applies to it). */
export function ComingSoon({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <main className="screen">
      <h1 className="screen-title">{name}</h1>
      <p className="muted">{t('common.coming_soon')}</p>
    </main>
  );
}
