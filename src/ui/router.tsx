/** Every route of the spec, behind the route guard of trading.md §2. */
import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useTranslation } from '../i18n/react.tsx';
import { findRoute, guardRoute, type RouteDef, type RouteName } from '../machines/routes.ts';
import { session } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { TOAST_MS } from '../config/constants.ts';
import { ComingSoon } from './components/coming-soon.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { Home } from './screens/home.tsx';
import { noteLocation } from './hooks/nav-origin.ts';
import { withAllTexts } from '../i18n/index.ts';
import { loadable } from './loadable.ts';

export interface ScreenProps {
  params: Record<string, string>;
}

/**
 * A screen loaded on first use: only Home is part of the first route's JavaScript.
 * It shows once all of English is in too (a text beyond the first route's would show its key).
 */
function later<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<ScreenProps>,
): ComponentType<ScreenProps> {
  return lazy(() => withAllTexts(load)().then((m) => ({ default: pick(m) })));
}

/**
 * The chart needs only the first part of English (i18n/first-texts.ts): a page opened on
 * one does not wait for the rest (12 KB on a slow link) to enable Buy. Its chart panel does.
 */
const ChartScreen = loadable(() => import('./screens/chart.tsx').then((m) => m.ChartScreen));
/**
 * The start route's screen module, when it is the chart: the entry waits for it
 * before the first render (main.tsx), so a page opened on a chart shows it at
 * once (its files are preloaded by index.html: boot/route-preload.ts). A failed
 * load is reported when the screen renders.
 */
export function startRouteScreen(path: string): Promise<unknown> {
  const name = findRoute(path)?.route.name;
  return name === 'chart' || name === 'chartAlt'
    ? ChartScreen.start().catch(() => {})
    : Promise.resolve();
}

/** Screens by route name: home and the chart here, the others from screen-loaders.ts. */
const byName = new Map<RouteName, ComponentType<ScreenProps>>([
  ['home', Home],
  ['chart', ChartScreen],
  ['chartAlt', ChartScreen],
]);

const loaders = () => import('./screen-loaders.ts');

/** Loads the other screens' loaders once start-up is over, so a first move to one waits for its own chunk only. */
export const warmScreenLoaders = (): Promise<unknown> => loaders();

/** The route's screen, loaded on first use (ComingSoon for a route without one); one per route. */
function screenOf(name: RouteName): ComponentType<ScreenProps> {
  let screen = byName.get(name);
  if (!screen) {
    const NoScreen = () => <ComingSoon name={name} />;
    screen = later(
      () => loaders().then((m) => m.SCREEN_LOADERS[name]?.()),
      (found) => found ?? NoScreen,
    );
    byName.set(name, screen);
  }
  return screen;
}

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
  noteLocation(location);
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
  const Screen = screenOf(hit.route.name);
  // A screen whose chunk fails (a redeploy) is caught here, so the tabs and top bar stay.
  return (
    <ErrorBoundary resetKey={hit.route.name}>
      <Suspense fallback={<ScreenSkeleton />}>
        <Screen params={hit.params} />
      </Suspense>
    </ErrorBoundary>
  );
}

function ScreenSkeleton() {
  const { t } = useTranslation();
  return (
    <main className="screen" aria-busy="true">
      <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
        <div className="skeleton-row" />
        <div className="skeleton-row" />
        <div className="skeleton-row" />
      </div>
    </main>
  );
}

/** Mobile: one screen per route. */
export function AppRoutes() {
  const hit = useGuardedRoute();
  return hit ? <RouteScreen hit={hit} /> : null;
}
