/**
 * The boot shell's prices made live before React (issue 31 item 3, round 5).
 * On a repeat visit to home the shell shows the last-seen prices, marked
 * stale (shell-paint.ts); in live mode the market socket index.html opens
 * (market-head.ts) often has every product's price well before the app's
 * JavaScript has run. Its first full message is
 * painted over the shell's table here, without the stale marks, in the
 * shell's own markup and digits (shell-snapshot.ts), so React's boot shell
 * (boot-shell.tsx, which keeps the page's markup at mount) shows it too.
 * Once React has taken #root nothing is painted: the app's board follows.
 */
import type { PriceEntry } from '../../api/types/trading.ts';
import { DEFAULT_PRECISION } from '../../config/constants.ts';
import { isDigits, isSeen } from '../../state/seen.ts';
import { readShellView, SHELL_ROWS, shellHtml, type Read } from './shell-snapshot.ts';

/** Paints `board` (every product, as a full `prices` message has them) over the shell; whether it did. */
export function paintLiveShell(doc: Document, board: Record<string, PriceEntry>): boolean {
  const main = doc.querySelector('#root > .boot-shell > .boot-main');
  const win = doc.defaultView;
  if (!main || !win) return false;
  const read: Read = (k) => win.localStorage.getItem(k);
  const view = readShellView(read);
  if (!view) return false;
  const prices = Object.values(board)
    .filter(isSeen)
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .slice(0, SHELL_ROWS);
  if (!prices.length) return false;
  const digits: Record<string, number> = {};
  for (const p of prices) {
    const d = (p as Partial<PriceEntry>).pricePrecision;
    digits[p.name] = isDigits(d) ? d : (view.digits[p.name] ?? DEFAULT_PRECISION);
  }
  main.outerHTML = shellHtml({ record: view.record, prices, digits }, true);
  performance.mark('boot:shell-live');
  return true;
}
