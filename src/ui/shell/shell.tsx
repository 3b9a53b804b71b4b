/** Mobile shell (bottom tabs) below 768 px, desktop shell (panels) above. */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { chooseSymbol, ui } from '../../state/ui.ts';
import { useDesktop } from '../hooks/use-media.ts';
import { AppRoutes, RouteScreen, useGuardedRoute } from '../router.tsx';
import { BottomTabs, TAB_ROUTES } from './bottom-tabs.tsx';
import { TopBar } from './top-bar.tsx';
import { Workspace, type WorkspaceSlots } from './workspace.tsx';
import { AccountDrawer, AuthModal } from './overlays.tsx';
import { ThemeEffect } from './theme.tsx';

export interface ShellSlots extends WorkspaceSlots {
  /** The desktop top bar's account corner (sign in, or avatar and balance). */
  Account: () => ReactNode;
}

function MobileShell() {
  const [location] = useLocation();
  return (
    <div className="mobile-shell">
      <AppRoutes />
      {TAB_ROUTES.has(location) && <BottomTabs />}
    </div>
  );
}

const AUTH = new Set(['login', 'register', 'forgot']);

function DesktopShell(slots: ShellSlots) {
  const { t } = useTranslation();
  const hit = useGuardedRoute();
  const search = useSearch();
  const name = hit?.route.name;
  const symbol = hit?.params.symbol;

  // Routes that live in the workspace set its focus instead of opening a screen.
  useEffect(() => {
    if (!name) return;
    if (
      symbol &&
      (name === 'chart' || name === 'chartAlt' || name === 'place' || name === 'placeOption')
    )
      chooseSymbol(symbol);
    if (name === 'place' || name === 'placeOption') {
      ui.placeOpen = true;
      const d = new URLSearchParams(search).get('direction');
      if (d === '0' || d === '1') ui.direction = Number(d) as 0 | 1;
    }
    if (name === 'position' || name === 'history') {
      ui.listTab = name;
      ui.listOpen = true;
    }
  }, [name, symbol, search]);

  const overlay =
    hit && AUTH.has(hit.route.name) ? (
      <AuthModal label={t(`nav.${hit.route.name}`)}>
        <RouteScreen hit={hit} />
      </AuthModal>
    ) : hit && (hit.route.name === 'user' || hit.route.path.startsWith('/user/')) ? (
      <AccountDrawer label={t('nav.user')}>
        <RouteScreen hit={hit} />
      </AccountDrawer>
    ) : hit && (name === 'search' || name === 'quotation' || name === 'explore') ? (
      <AccountDrawer label={t(`nav.${name}`)}>
        <RouteScreen hit={hit} />
      </AccountDrawer>
    ) : null;

  return (
    <div className="desktop-shell">
      <TopBar account={<slots.Account />} />
      <Workspace PlaceOrder={slots.PlaceOrder} List={slots.List} />
      {overlay}
    </div>
  );
}

export function Shell(slots: ShellSlots) {
  const desktop = useDesktop();
  return (
    <>
      <ThemeEffect />
      {desktop ? <DesktopShell {...slots} /> : <MobileShell />}
    </>
  );
}
