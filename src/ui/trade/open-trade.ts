/**
 * A trade's card asked for from elsewhere (its line on the chart, `ui.openTrade`),
 * opened by the list of its kind (positions or running options), one way for both.
 *
 * - The list looks the trade up once it has loaded; found, it opens the card.
 * - Gone by then (closed, settled or cancelled between the line and the click):
 *   it says so, and that the trade is in History, rather than opening nothing.
 * - Either way the request is answered once and cleared.
 *
 * The list shows the trade's kind for as long as its card is open
 * (`ui.listMode`), whatever the trade mode is: the trader's mode and any form they
 * were filling in are not changed behind their back. The list follows the mode
 * again when the card closes or the list leaves the screen (`endListMode`).
 */
import { useCallback, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { ui } from '../../state/ui.ts';
import { showToast } from '../../state/toasts.ts';
import { RESULT_TOAST_MS } from '../../config/constants.ts';

export type TradeKind = 'order' | 'option';

/** Ask the list of the trade's kind for its card (the chart's lines). */
export function requestTrade(kind: TradeKind, id: string): void {
  ui.listMode = kind === 'option' ? 'option' : 'market';
  ui.openTrade = { kind, id };
}

/** The list follows the trade mode again (its card closed, or it left the screen). */
export function endListMode(): void {
  if (ui.listMode !== undefined) ui.listMode = undefined;
}

/**
 * What a list of `kind` does with a request: nothing yet (another kind's, or the
 * list still loading), open the trade it shows, or say the trade has gone.
 */
export function answerRequest<T>(
  request: { kind: TradeKind; id: string } | undefined,
  kind: TradeKind,
  items: readonly T[] | undefined,
  idOf: (item: T) => string,
): { open: T } | 'gone' | undefined {
  if (request?.kind !== kind || !items) return undefined;
  const found = items.find((x) => idOf(x) === request.id);
  return found === undefined ? 'gone' : { open: found };
}

/**
 * Opens the requested trade of `kind` from `items` (undefined while the list
 * loads) with `open`; says so when it is not there. Returns what the list calls
 * when that card closes.
 */
export function useOpenTrade<T>(
  kind: TradeKind,
  items: readonly T[] | undefined,
  idOf: (item: T) => string,
  open: (item: T) => void,
): () => void {
  const { t } = useTranslation();
  const { openTrade } = useSnapshot(ui);
  const latest = useRef({ idOf, open, t });
  latest.current = { idOf, open, t };
  // A card this hook opened is on screen (the list's kind is held for it).
  const shown = useRef(false);
  useEffect(() => {
    const answer = answerRequest(openTrade, kind, items, latest.current.idOf);
    if (!answer) return;
    ui.openTrade = undefined;
    if (answer !== 'gone') {
      shown.current = true;
      latest.current.open(answer.open);
      return;
    }
    endListMode();
    showToast(latest.current.t('chart.trade_gone'), 'info', RESULT_TOAST_MS);
  }, [kind, openTrade, items]);
  // The list left the screen with that card open: the list follows the mode again. Checked
  // a moment later, so a remount at once (React's development double mount) is not a leave.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current && shown.current) endListMode();
      });
    };
  }, []);
  return useCallback(() => {
    shown.current = false;
    endListMode();
  }, []);
}
