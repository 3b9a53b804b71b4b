/** The success drawer after a market order is placed (§2 "Success drawer after placing"), on phones and desktops. */
import { useTranslation } from 'react-i18next';
import { Drawer } from '../components/drawer.tsx';
import { useDesktop } from '../hooks/use-media.ts';

export function OrderPlaced({
  orderId,
  onPositions,
  onContinue,
}: {
  /** The order number; the drawer is open while it is set. */
  orderId: string | undefined;
  onPositions: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const desktop = useDesktop();
  return (
    <Drawer open={!!orderId} side={desktop} title={t('order.placedTitle')} onClose={onContinue}>
      <p>{t('order.placedText', { id: orderId })}</p>
      <div className="form-actions">
        <button type="button" className="btn primary block" onClick={onPositions}>
          {t('order.viewPositions')}
        </button>
        <button type="button" className="btn block" onClick={onContinue}>
          {t('order.continue')}
        </button>
      </div>
    </Drawer>
  );
}
