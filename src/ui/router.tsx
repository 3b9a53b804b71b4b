/** Every route of the spec, behind the route guard of trading.md §2. */
import { useEffect, useMemo, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { findRoute, guardRoute, type RouteDef, type RouteName } from '../machines/routes.ts';
import { session } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { TOAST_MS } from '../config/constants.ts';
import { ComingSoon } from './components/coming-soon.tsx';
import { Home } from './screens/home.tsx';
import { ChartScreen } from './screens/chart.tsx';
import { Quotation } from './screens/quotation.tsx';
import { Search } from './screens/search.tsx';
import { Explore } from './screens/explore.tsx';
import { CustomerService } from './screens/service.tsx';
import { Login } from './screens/access/login.tsx';
import { Place } from './screens/place.tsx';

export interface ScreenProps {
  params: Record<string, string>;
}

/** Screens by route name; routes without one say so. */
export const SCREENS: Partial<Record<RouteName, ComponentType<ScreenProps>>> = {
  home: Home,
  chart: ChartScreen,
  chartAlt: ChartScreen,
  quotation: Quotation,
  search: Search,
  explore: Explore,
  service: CustomerService,
  login: Login,
  place: Place,
};

export interface RouteHit {
  route: RouteDef & { name: RouteName };
  params: Record<string, string>;
}

/** The current route after the guard: undefined while a redirect is under way. */
export function useGuardedRoute(): RouteHit | undefined {
  const [location, navigate] = useLocation();
  const { token } = useSnapshot(session);
  const { t } = useTranslation();
  // "Already logged in" applies when a signed-in user arrives at /login or
  // /register, not when signing in there (the screen then moves on itself).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the token as it was on arrival
  const arrivedSignedIn = useMemo(() => !!session.token, [location]);
  const guard = guardRoute(location, !!token);
  if (guard.notice === 'tips.already_logged_in' && !arrivedSignedIn) guard.redirect = undefined;

  useEffect(() => {
    if (!guard.redirect) return;
    if (guard.notice) showToast(t(guard.notice), 'info', TOAST_MS);
    navigate(guard.redirect, { replace: true });
  }, [guard.redirect, guard.notice, navigate, t]);

  if (guard.redirect) return undefined;
  return findRoute(location) as RouteHit | undefined;
}

export function RouteScreen({ hit }: { hit: RouteHit }) {
  const Screen = SCREENS[hit.route.name];
  return Screen ? <Screen params={hit.params} /> : <ComingSoon name={hit.route.name} />;
}

/** Mobile: one screen per route. */
export function AppRoutes() {
  const hit = useGuardedRoute();
  return hit ? <RouteScreen hit={hit} /> : null;
}
