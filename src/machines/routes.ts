/**
 * The route registry (trading.md §2, user-centre.md §2) and the route guard.
 * Names and patterns only; the UI maps names to screens.
 */

export interface RouteDef {
  name: string;
  /** wouter pattern. */
  path: string;
}

export const ROUTES = [
  { name: 'home', path: '/' },
  { name: 'search', path: '/search' },
  { name: 'chart', path: '/:symbol/chart' },
  { name: 'chartAlt', path: '/chart/:symbol' },
  { name: 'place', path: '/:symbol/place' },
  { name: 'placeOption', path: '/:symbol/placeOption' },
  { name: 'quotation', path: '/quotation' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'forgot', path: '/forgot' },
  { name: 'position', path: '/position' },
  { name: 'explore', path: '/explore' },
  { name: 'history', path: '/history' },
  { name: 'user', path: '/user' },
  { name: 'account', path: '/user/account' },
  { name: 'myWallet', path: '/user/myWallet' },
  { name: 'changePassword', path: '/user/changePassword' },
  { name: 'privacy', path: '/user/privacy' },
  { name: 'copyTradeAgreement', path: '/user/copyTradeAgreement' },
  { name: 'verified', path: '/user/verified' },
  { name: 'juniorVerified', path: '/user/juniorVerified' },
  { name: 'juniorVerfiy', path: '/user/juniorVerfiy' },
  { name: 'crypto', path: '/user/wallet/crypto' },
  { name: 'addCrypto', path: '/user/wallet/addCrypto' },
  { name: 'deleteCrypto', path: '/user/wallet/deleteCrypto' },
  { name: 'bankCard', path: '/user/wallet/bankCard' },
  { name: 'bankCardAlt', path: '/user/bankCard' },
  { name: 'addBankCard', path: '/user/wallet/addBankCard' },
  { name: 'editBankCard', path: '/user/wallet/editBankCard' },
  { name: 'deposit', path: '/user/deposit' },
  { name: 'agreement', path: '/user/agreement' },
  { name: 'withdraw', path: '/user/withdraw' },
  { name: 'loan', path: '/user/loan' },
  { name: 'transactionList', path: '/user/wallet/transactionList' },
  { name: 'depositList', path: '/user/wallet/depositList' },
  { name: 'standards', path: '/user/standards' },
  { name: 'notification', path: '/user/notification' },
  { name: 'bindEmail', path: '/user/bindEmail' },
  // Responsible trading (issue 28 item 2): only where the site's capability is on.
  { name: 'responsible', path: '/user/responsible' },
  { name: 'service', path: '/user/service' },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

/** Match a concrete path against a pattern with `:param` segments. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const ps = pattern.split('/').filter(Boolean);
  const xs = path.split('/').filter(Boolean);
  if (ps.length !== xs.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, p] of ps.entries()) {
    const x = xs[i] ?? '';
    if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(x);
    else if (p !== x) return undefined;
  }
  return params;
}

export function findRoute(
  path: string,
): { route: RouteDef; params: Record<string, string> } | undefined {
  // Literal routes win over parameterised ones ('/user/...' before '/:symbol/...').
  const sorted = [...ROUTES].sort(
    (a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
  );
  for (const route of sorted) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}

export interface GuardResult {
  /** Where to go instead, if anywhere. */
  redirect?: string;
  /** i18n key of the notice to show. */
  notice?: 'tips.login_required' | 'tips.already_logged_in';
}

const needsSession = (path: string) =>
  path === '/position' ||
  path.startsWith('/position/') ||
  path === '/history' ||
  path.startsWith('/history/') ||
  path === '/user' ||
  (path.startsWith('/user/') && path !== '/user/service');

/** The route guard of trading.md §2. `path` has no query string. */
export function guardRoute(path: string, loggedIn: boolean): GuardResult {
  if (!findRoute(path)) return { redirect: '/' };
  if (loggedIn && (path === '/login' || path === '/register')) {
    return { redirect: '/', notice: 'tips.already_logged_in' };
  }
  if (!loggedIn && needsSession(path)) {
    return { redirect: `/login?to=${encodeURIComponent(path)}`, notice: 'tips.login_required' };
  }
  return {};
}

/**
 * Where to go after sign-in for a `?to=` parameter: a path on this site
 * only. It must start with a single `/` (not `//` or `/\`, which browsers
 * read as another host), and, parsed against `origin` (control characters
 * and backslashes normalised as a browser would), stay on that origin;
 * anything else goes home. Returns the normalised path, search and hash.
 */
export function safeReturnPath(to: string | null | undefined, origin: string): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(to, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
