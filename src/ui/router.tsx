/** Every route of the spec, behind the route guard of trading.md §2. */
import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { findRoute, guardRoute, type RouteDef, type RouteName } from '../machines/routes.ts';
import { session } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { TOAST_MS } from '../config/constants.ts';
import { ComingSoon } from './components/coming-soon.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { Home } from './screens/home.tsx';
import { noteLocation } from './hooks/nav-origin.ts';
import { withAllTexts } from '../i18n/index.ts';

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

const ChartScreen = later(
  () => import('./screens/chart.tsx'),
  (m) => m.ChartScreen,
);

/** Screens by route name; routes without one say so. */
export const SCREENS: Partial<Record<RouteName, ComponentType<ScreenProps>>> = {
  home: Home,
  chart: ChartScreen,
  chartAlt: ChartScreen,
  quotation: later(
    () => import('./screens/quotation.tsx'),
    (m) => m.Quotation,
  ),
  search: later(
    () => import('./screens/search.tsx'),
    (m) => m.Search,
  ),
  explore: later(
    () => import('./screens/explore.tsx'),
    (m) => m.Explore,
  ),
  service: later(
    () => import('./screens/service.tsx'),
    (m) => m.CustomerService,
  ),
  login: later(
    () => import('./flows/login/login.tsx'),
    (m) => m.Login,
  ),
  place: later(
    () => import('./flows/marketOrder/place.tsx'),
    (m) => m.Place,
  ),
  placeOption: later(
    () => import('./flows/optionOrder/place.tsx'),
    (m) => m.PlaceOption,
  ),
  user: later(
    () => import('./screens/my-page.tsx'),
    (m) => m.MyPage,
  ),
  register: later(
    () => import('./flows/register/register.tsx'),
    (m) => m.Register,
  ),
  forgot: later(
    () => import('./flows/forgot/forgot.tsx'),
    (m) => m.Forgot,
  ),
  account: later(
    () => import('./flows/profile/account.tsx'),
    (m) => m.Account,
  ),
  changePassword: later(
    () => import('./flows/password/change.tsx'),
    (m) => m.ChangePassword,
  ),
  bindEmail: later(
    () => import('./flows/bindEmail/bind.tsx'),
    (m) => m.BindEmail,
  ),
  responsible: later(
    () => import('./flows/responsible/responsible.tsx'),
    (m) => m.Responsible,
  ),
  verified: later(
    () => import('./flows/verification/verified.tsx'),
    (m) => m.Verified,
  ),
  juniorVerified: later(
    () => import('./flows/verification/verified.tsx'),
    (m) => m.JuniorVerified,
  ),
  juniorVerfiy: later(
    () => import('./flows/verification/verified.tsx'),
    (m) => m.JuniorVerified,
  ),
  notification: later(
    () => import('./flows/notifications/notifications.tsx'),
    (m) => m.Notifications,
  ),
  privacy: later(
    () => import('./screens/user/static-pages.tsx'),
    (m) => m.Privacy,
  ),
  standards: later(
    () => import('./screens/user/static-pages.tsx'),
    (m) => m.Standards,
  ),
  agreement: later(
    () => import('./screens/user/static-pages.tsx'),
    (m) => m.Agreement,
  ),
  copyTradeAgreement: later(
    () => import('./screens/user/static-pages.tsx'),
    (m) => m.CopyTradeAgreement,
  ),
  myWallet: later(
    () => import('./screens/user/my-wallet.tsx'),
    (m) => m.MyWallet,
  ),
  deposit: later(
    () => import('./flows/deposit/deposit.tsx'),
    (m) => m.Deposit,
  ),
  withdraw: later(
    () => import('./flows/withdraw/withdraw.tsx'),
    (m) => m.Withdraw,
  ),
  transactionList: later(
    () => import('./screens/user/records.tsx'),
    (m) => m.TransactionList,
  ),
  depositList: later(
    () => import('./screens/user/records.tsx'),
    (m) => m.DepositList,
  ),
  crypto: later(
    () => import('./flows/cryptoAddress/addresses.tsx'),
    (m) => m.CryptoList,
  ),
  addCrypto: later(
    () => import('./flows/cryptoAddress/addresses.tsx'),
    (m) => m.AddCrypto,
  ),
  deleteCrypto: later(
    () => import('./flows/cryptoAddress/addresses.tsx'),
    (m) => m.DeleteCrypto,
  ),
  bankCard: later(
    () => import('./flows/bankCard/cards.tsx'),
    (m) => m.BankCards,
  ),
  bankCardAlt: later(
    () => import('./flows/bankCard/cards.tsx'),
    (m) => m.BankCards,
  ),
  addBankCard: later(
    () => import('./flows/bankCard/cards.tsx'),
    (m) => m.AddBankCard,
  ),
  editBankCard: later(
    () => import('./flows/bankCard/cards.tsx'),
    (m) => m.EditBankCard,
  ),
  loan: later(
    () => import('./flows/loan/loan.tsx'),
    (m) => m.Loan,
  ),
  position: later(
    () => import('./screens/positions.tsx'),
    (m) => m.Positions,
  ),
  history: later(
    () => import('./screens/positions.tsx'),
    (m) => m.History,
  ),
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
  const Screen = SCREENS[hit.route.name];
  if (!Screen) return <ComingSoon name={hit.route.name} />;
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
