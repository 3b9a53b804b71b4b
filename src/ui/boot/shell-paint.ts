/**
 * Inlined in index.html right after #root (build/inline-boot.ts), so it runs
 * as the HTML parses, before any module script: on a phone, it paints over
 * the boot shell's grey rows what this browser last showed of the screen
 * being opened, marked as not live: home's prices (shell-snapshot.ts), or
 * the signed-in account's positions on /position in market mode
 * (shell-account.ts). The desktop's first screen is the workspace, not
 * these, and keeps the grey rows. React replaces all of it when it mounts.
 * In live mode it also opens the market socket (market-head.ts), whose first
 * prices replace the last-seen ones (shell-live.ts).
 */
import { routePath } from '../../machines/route-path.ts';
import { DESKTOP_QUERY } from '../../config/constants.ts';
import { LAST_CONFIG_KEY, PREFERENCES_KEY } from '../../state/seen.ts';
import { accountHtml, readAccountView } from './shell-account.ts';
import { openHeadMarket } from './market-head.ts';
import { paintLiveShell } from './shell-live.ts';
import {
  json,
  parseShellRecord,
  readShellView,
  SHELL_KEY,
  shellHtml,
  type Read,
} from './shell-snapshot.ts';

/** The markup for the page at `path` (under the base), or undefined to keep the grey rows. */
function screenHtml(path: string, read: Read): string | undefined {
  if (path === '/') {
    const view = readShellView(read);
    return view && shellHtml(view);
  }
  if (path !== '/position') return undefined;
  // The market positions, not the running options (positions.tsx PositionsView).
  const prefs = json(read, PREFERENCES_KEY) as { tradeMode?: unknown } | undefined;
  const site = json(read, LAST_CONFIG_KEY) as { defaultTradeMode?: unknown } | undefined;
  if ((prefs?.tradeMode ?? site?.defaultTradeMode ?? 'market') !== 'market') return undefined;
  const view = readAccountView(read);
  return view && accountHtml(view);
}

/** The route as the app reads it: the path under the base, '/' for the base itself. */
const routeOf = (doc: Document, base: string): string | undefined =>
  `${doc.location.pathname}/`.startsWith(base) ? routePath(doc.location.pathname, base) : undefined;

function paintShell(doc: Document, base: string): void {
  const win = doc.defaultView;
  if (!win || win.matchMedia(DESKTOP_QUERY).matches) return;
  const shell = doc.querySelector('#root > .boot-shell');
  if (!shell) return;
  const path = routeOf(doc, base);
  const read: Read = (k) => win.localStorage.getItem(k);
  const html = path && screenHtml(path, read);
  if (!html) return;
  const texts = parseShellRecord(json(read, SHELL_KEY));
  if (texts) {
    doc.documentElement.lang = texts.lang;
    doc.documentElement.dir = texts.dir;
  }
  for (const row of shell.querySelectorAll('.boot-row')) row.remove();
  // The note is the status now; the screen says what it is.
  shell.removeAttribute('role');
  shell.removeAttribute('aria-label');
  shell.insertAdjacentHTML('beforeend', html);
  performance.mark('boot:shell-painted');
}

try {
  paintShell(document, import.meta.env.BASE_URL);
} catch {
  // Storage blocked or a record this code cannot read: the grey rows stay.
}
try {
  openHeadMarket(
    window,
    (k) => window.localStorage.getItem(k),
    routeOf(document, import.meta.env.BASE_URL),
    (board) => paintLiveShell(document, board),
  );
} catch {
  // Storage blocked, no WebSocket: the entry opens the socket when the config says live.
}
