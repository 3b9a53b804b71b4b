/** Desktop overlays: the 420 px sign-in card over a blurred backdrop, and the account drawer. */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useLocation } from 'wouter';
import { APP_VERSION } from '../../config/version.ts';
import { useServices } from '../services-context.tsx';
import { useLayer } from '../hooks/use-layer.ts';
import { holdLiveQuotes } from '../hooks/use-live-quote.ts';
import './overlays.css';

/** A modal route layer: first control focused, Tab stays inside, Escape closes (top layer only), focus returns. */
function useDialog(onClose: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useLayer(true, onClose, ref, { focusFirst: true, trap: true });
  return ref;
}

export function AuthModal({ children, label }: { children: ReactNode; label: string }) {
  const { config } = useServices();
  const [, navigate] = useLocation();
  const ref = useDialog(() => navigate('/'));
  // The blurred workspace behind is not read: its prices wait, and catch up when the card goes.
  useEffect(() => holdLiveQuotes(), []);
  return (
    <div className="modal-backdrop">
      <div ref={ref} className="auth-card" role="dialog" aria-modal="true" aria-label={label}>
        {children}
      </div>
      <p className="auth-footer">
        {config.siteName} · v{APP_VERSION}
      </p>
    </div>
  );
}

export function AccountDrawer({ children, label }: { children: ReactNode; label: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const ref = useDialog(() => navigate('/'));
  return (
    <div className="drawer-backdrop" onClick={(e) => e.target === e.currentTarget && navigate('/')}>
      <div ref={ref} className="account-drawer" role="dialog" aria-modal="true" aria-label={label}>
        <button
          type="button"
          className="icon-btn drawer-close"
          aria-label={t('common.close')}
          onClick={() => navigate('/')}
        >
          ×
        </button>
        {children}
      </div>
    </div>
  );
}
