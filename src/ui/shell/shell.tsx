/** Mobile shell (bottom tabs) below 768 px, desktop shell (panels) above. */
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.ts';
import { useDesktop } from '../hooks/use-media.ts';
import { AppRoutes } from '../router.tsx';
import { BottomTabs, TAB_ROUTES } from './bottom-tabs.tsx';
import type { WorkspaceSlots } from './workspace.tsx';
import { ThemeEffect } from './theme.tsx';
import { withAllTexts } from '../../i18n/index.ts';
import './shell.css';

export interface ShellSlots extends WorkspaceSlots {
  /** The desktop top bar's account corner (sign in, or avatar and balance). */
  Account: ComponentType;
}

function MobileShell() {
  const [location] = useLocation();
  // A guest's first visit loads no code the hint's signed-in user alone needs (issue 31).
  const { token } = useSnapshot(session);
  return (
    <div className="mobile-shell">
      {location === '/' && token && (
        <Suspense fallback={null}>
          <FirstRunHint />
        </Suspense>
      )}
      <AppRoutes />
      {TAB_ROUTES.has(location) && <BottomTabs />}
    </div>
  );
}

// A signed-in hint (a real account at 0.00) that no first price waits for.
const FirstRunHint = lazy(() =>
  withAllTexts(() => import('./first-run-hint.tsx'))().then((m) => ({ default: m.FirstRunHint })),
);

const DesktopShell = lazy(() =>
  withAllTexts(() => import('./desktop-shell.tsx'))().then((m) => ({ default: m.DesktopShell })),
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
