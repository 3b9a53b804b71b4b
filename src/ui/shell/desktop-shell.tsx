/** The desktop shell: top bar, workspace, and the route shown over it (sign-in card or account drawer). */
import { Suspense, useEffect } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSearch } from 'wouter';
import { subscribe } from 'valtio/vanilla';
import { applyDefaultSymbol, chooseSymbol, ui } from '../../state/ui.ts';
import { session } from '../../state/session.ts';
import { prices } from '../../state/prices.ts';
import { RouteScreen, useGuardedRoute } from '../router.tsx';
import { TopBar } from './top-bar.tsx';
import { Workspace } from './workspace.tsx';
import { AccountDrawer, AuthModal } from './overlays.tsx';
import { FirstRunHint } from './first-run-hint.tsx';
import { ServiceChat } from './service-chat.tsx';
import type { ShellSlots } from './shell.tsx';

const AUTH = new Set(['login', 'register', 'forgot']);

/** BTCUSDT once prices arrive and the user is signed in (state/ui.ts), checked as either changes. */
function useDefaultSymbol(): void {
  useEffect(() => {
    const check = () => applyDefaultSymbol(!!session.token, (s) => s in prices.bySymbol);
    check();
    const stop = [subscribe(session, check), subscribe(prices, check)];
    return () => stop.forEach((f) => f());
  }, []);
}

export function DesktopShell(slots: ShellSlots) {
  const { t } = useTranslation();
  useDefaultSymbol();
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
      <TopBar
        account={
          <Suspense fallback={null}>
            <slots.Account />
          </Suspense>
        }
      />
      {/* Under a sign-in card or drawer it would only be read out twice. */}
      {!overlay && <FirstRunHint />}
      <Workspace PlaceOrder={slots.PlaceOrder} List={slots.List} />
      {overlay}
      <ServiceChat />
    </div>
  );
}
