/** A bottom sheet on phones, a side drawer (max(30vw, 480px)) on desktop: modal, focus trapped, Escape closes, focus returns. */
import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../i18n/react.tsx';
import { IconClose } from './icons.tsx';
import { useLayer } from '../hooks/use-layer.ts';
import './sheet.css';

export function Drawer({
  open,
  title,
  onClose,
  children,
  side = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Open from the right (desktop detail drawers) instead of the bottom. */
  side?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // Escape closes this drawer only when it is the top layer; focus returns on close.
  useLayer(open, onClose, ref, { focusFirst: true, trap: true });
  if (!open) return null;
  return createPortal(
    <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={`sheet${side ? ' side' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
      >
        <header className="sheet-head">
          <h2>{title}</h2>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <IconClose />
          </button>
        </header>
        <div className="sheet-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
