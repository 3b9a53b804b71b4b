/**
 * Shared by the cards-area screens (saved crypto addresses, bank cards,
 * loan): their texts, the "not available here" redirect, the screen
 * header, the loading and failed states, and the delete confirm
 * drawer.
 */
import { useTranslation } from '../../../i18n/react.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { useAvailableOr } from '../../hooks/use-available.ts';

/** The area's texts (kept as a name for its screens; plain useTranslation). */
export const useCardsTexts = useTranslation;

/** When a screen is not available: back to /user with a short notice. */
export function useAvailable(available: boolean): boolean {
  return useAvailableOr(available, 'cards.unavailable');
}

export function ScreenHead({ back, title }: { back: string; title: string }) {
  return (
    <header className="screen-header cards-head">
      <BackLink to={back} />
      <h1 className="screen-title">{title}</h1>
    </header>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
      <div className="skeleton-row" />
      <div className="skeleton-row" />
      <div className="skeleton-row" />
    </div>
  );
}

export { LoadFailed as Failed } from '../../components/load-failed.tsx';

/** A delete confirmation in a bottom sheet (side drawer on desktop). */
export function ConfirmDrawer({
  open,
  title,
  text,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} title={title} onClose={onCancel}>
      <p>{text}</p>
      <div className="form-actions row">
        <button type="button" className="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn cards-danger-fill" onClick={onConfirm}>
          {t('common.confirm')}
        </button>
      </div>
    </Drawer>
  );
}
