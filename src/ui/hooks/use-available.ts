/**
 * A screen that is not offered here (a site flag off, a demo account, a
 * withdrawal type the site lacks) sends the user away with a short notice.
 * Not a machine's notice: the screen never starts its flow. The areas' kits
 * (cards, wallet, profile) pass their own wording.
 */
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useLocation } from 'wouter';
import { TOAST_MS } from '../../config/constants.ts';
import { showToast } from '../../state/toasts.ts';

/** Returns whether the screen may show; when not, toasts `messageKey` once and replaces the route with `away`. */
export function useAvailableOr(available: boolean, messageKey: string, away = '/user'): boolean {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (available) return;
    showToast(t(messageKey), 'info', TOAST_MS);
    navigate(away, { replace: true });
  }, [available, messageKey, away, navigate, t]);
  return available;
}
