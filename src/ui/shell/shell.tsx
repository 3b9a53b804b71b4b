/** Mobile shell (bottom tabs) below 768 px, desktop shell (panels) above. */
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useDesktop } from '../hooks/use-media.ts';
import { AppRoutes } from '../router.tsx';
import { BottomTabs, TAB_ROUTES } from './bottom-tabs.tsx';
import type { WorkspaceSlots } from './workspace.tsx';
import { ThemeEffect } from './theme.tsx';
import { FirstRunHint } from './first-run-hint.tsx';
import './shell.css';

export interface ShellSlots extends WorkspaceSlots {
  /** The desktop top bar's account corner (sign in, or avatar and balance). */
  Account: () => ReactNode;
}

function MobileShell() {
  const [location] = useLocation();
  return (
    <div className="mobile-shell">
      {location === '/' && <FirstRunHint />}
      <AppRoutes />
      {TAB_ROUTES.has(location) && <BottomTabs />}
    </div>
  );
}

const DesktopShell = lazy(() =>
  import('./desktop-shell.tsx').then((m) => ({ default: m.DesktopShell })),
);

export function Shell(slots: ShellSlots) {
  const { t } = useTranslation();
  const desktop = useDesktop();
  return (
    <>
      <ThemeEffect />
      {desktop ? (
        <Suspense
          fallback={<div className="splash" role="status" aria-label={t('common.loading')} />}
        >
          <DesktopShell {...slots} />
        </Suspense>
      ) : (
        <MobileShell />
      )}
    </>
  );
}
