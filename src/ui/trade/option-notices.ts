/**
 * An option that settles while no settlement drawer shows it says how it
 * ended (as a stop that fires does, trade-notices.tsx): the drawer of the
 * place screen is gone once the trader closes it or reloads, and the list's
 * only opens for the option picked, so a result was otherwise found only in
 * History. Watches the running options (running-options-feed.ts); an option
 * that leaves the list is looked up (userOptionDetail) and announced with its
 * settlement price and what it won or lost, unless a drawer shows or showed
 * its result.
 */
import { useEffect } from 'react';
import { subscribe } from 'valtio/vanilla';
import type { ApiClient } from '../../api/client.ts';
import type { OptionOrder } from '../../api/types/trading.ts';
import { RESULT_TOAST_MS } from '../../config/constants.ts';
import { session } from '../../state/session.ts';
import { accountOf } from '../../state/token.ts';
import { showFigureToast } from '../../state/toasts.ts';
import { runningOptions } from '../../state/running-options.ts';
import { watchRunningOptions } from './running-options-feed.ts';

/** Options whose settlement a drawer shows now. */
const onScreen = new Map<string, number>();
/** Options whose result a drawer has shown: told already (the newest few). */
const told: string[] = [];
const TOLD_KEPT = 50;

/** A settlement drawer of `uid` shows now; returns its end. */
export function settlementOnScreen(uid: string): () => void {
  onScreen.set(uid, (onScreen.get(uid) ?? 0) + 1);
  return () => {
    const n = (onScreen.get(uid) ?? 1) - 1;
    if (n > 0) onScreen.set(uid, n);
    else onScreen.delete(uid);
  };
}

/** The option's result has been shown (by a drawer or a notice): it is not told again. */
export function settlementTold(uid: string): void {
  if (told.includes(uid)) return;
  told.push(uid);
  if (told.length > TOLD_KEPT) told.shift();
}

/**
 * A settlement drawer of `uid` is `shown`; once it has shown the result
 * (`resultShown`) the option is not announced again.
 */
export function useSettlementShown(uid: string, shown: boolean, resultShown: boolean): void {
  useEffect(() => (shown ? settlementOnScreen(uid) : undefined), [uid, shown]);
  useEffect(() => {
    if (shown && resultShown) settlementTold(uid);
  }, [uid, shown, resultShown]);
}

/** Say how a settled option ended. */
export function announceSettled(o: OptionOrder): void {
  const won = (o.winLost ?? 0) > 0;
  const lost = (o.winLost ?? 0) < 0;
  showFigureToast(
    won ? 'option.settled_won' : lost ? 'option.settled_lost' : 'option.settled_tie',
    {
      symbol: o.tradePair,
      price: { kind: 'price', unit: o.tradePair, value: o.priceEnd ?? 0 },
      pnl: { kind: 'pnl', unit: 'USD', value: Math.abs(o.winLost ?? 0) },
    },
    won ? 'success' : 'info',
    RESULT_TOAST_MS,
  );
}

/** Looks for a result after the option left the running list: at once, then these later (ms). */
const RESULT_RETRIES_MS = [1000, 1500, 1500, 1500];

const silenced = (uid: string) => onScreen.has(uid) || told.includes(uid);

/** Announce the options that settle while no drawer shows them. Returns the stop. */
export function watchSettledOptions(api: ApiClient): () => void {
  const stopFeed = watchRunningOptions(api, false);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let known = new Set<string>();
  let account: string | undefined;
  const look = (uid: string, book: string | undefined, tries: number) => {
    if (silenced(uid)) return;
    const token = session.token;
    if (!token || accountOf(token) !== book) return;
    void api.call('userOptionDetail', { uid }, { quiet: true }).then((r) => {
      if (silenced(uid)) return;
      if (r.code === 0 && r.data && r.data.completeTime !== null) {
        settlementTold(uid);
        announceSettled(r.data);
        return;
      }
      const wait = RESULT_RETRIES_MS[tries];
      if (wait === undefined) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        look(uid, book, tries + 1);
      }, wait);
      timers.add(timer);
    });
  };
  const off = subscribe(runningOptions, () => {
    const list = runningOptions.list;
    const token = session.token;
    const book = token ? accountOf(token) : undefined;
    // Signed out, another account or book: start over, announcing nothing of the old list.
    if (list === undefined || book !== account) {
      account = book;
      known = new Set(list?.map((o) => o.uid));
      return;
    }
    const now = new Set(list.map((o) => o.uid));
    for (const uid of known) if (!now.has(uid)) look(uid, book, 0);
    known = now;
  });
  return () => {
    off();
    stopFeed();
    for (const t of timers) clearTimeout(t);
  };
}
