import { useTranslation } from '../../i18n/react.tsx';

/** /explore: an empty screen on the sites that show it (trading.md §2). */
export function Explore() {
  const { t } = useTranslation();
  return (
    <main className="screen">
      <h1 className="screen-title">{t('nav.explore')}</h1>
    </main>
  );
}
