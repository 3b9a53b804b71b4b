/** Every route of the spec, behind the route guard of trading.md §2. */
import { useEffect, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { findRoute, guardRoute, type RouteName } from '../machines/routes.ts';
import { session } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { TOAST_MS } from '../config/constants.ts';
import { ComingSoon } from './components/coming-soon.tsx';
import { Home } from './screens/home.tsx';
import { ChartScreen } from './screens/chart.tsx';

export interface ScreenProps {
  params: Record<string, string>;
}

/** Screens by route name; routes without one say so. */
const SCREENS: Partial<Record<RouteName, ComponentType<ScreenProps>>> = {
  home: Home,
  chart: ChartScreen,
  chartAlt: ChartScreen,
};

export function AppRoutes() {
  const [location, navigate] = useLocation();
  const { token } = useSnapshot(session);
  const { t } = useTranslation();
  const guard = guardRoute(location, !!token);

  useEffect(() => {
    if (!guard.redirect) return;
    if (guard.notice) showToast(t(guard.notice), 'info', TOAST_MS);
    navigate(guard.redirect, { replace: true });
  }, [guard.redirect, guard.notice, navigate, t]);

  if (guard.redirect) return null;
  const hit = findRoute(location);
  if (!hit) return null;
  const Screen = SCREENS[hit.route.name as RouteName];
  return Screen ? <Screen params={hit.params} /> : <ComingSoon name={hit.route.name} />;
}
