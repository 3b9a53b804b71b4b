/**
 * One product's live price for a display that streams (home's cards and
 * table, the quotation lists), rendered as a transition.
 *
 * valtio's `useSnapshot` is React's external store, which always renders
 * synchronously: each second's tick re-rendered every changed row and card
 * in one task, 50–90 ms on this machine (issue 14: none over 50 ms). Here a
 * tick is a transition, which React renders in short slices and commits at
 * once, so a tick never holds up a tap or a scroll; the price is on screen
 * in the same frame or the next.
 *
 * One valtio subscription for the whole board tells the rows whose entry a
 * tick changed, instead of every row checking every tick.
 *
 * While a modal covers the screen (the desktop sign-in card over its blurred
 * backdrop), `holdLiveQuotes` holds the rows: a tick only marks them, and they
 * catch up at once when the hold ends. Behind a blur every changed digit made
 * the browser blur the whole backdrop again: 72 % of a core on a computer
 * without a GPU, 14 % held (measured with Chromium's software compositor).
 */
import { startTransition, useEffect, useState } from 'react';
import { snapshot, subscribe } from 'valtio/vanilla';
import type { PriceEntry } from '../../api/types/trading.ts';
import { prices } from '../../state/prices.ts';

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();
let unsubscribe: (() => void) | undefined;
/** Open holds (modals covering the screen); while any is open, ticks only mark their symbols. */
let holds = 0;
const missed = new Set<string>();

/** Hold the live prices on screen until the returned function is called (once is enough). */
export function holdLiveQuotes(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds > 0) return;
    const due = [...missed];
    missed.clear();
    for (const s of due) listeners.get(s)?.forEach((l) => l());
  };
}

/** Calls `fn` when a tick changes `symbol`'s entry (later, if held); returns the unsubscribe. */
export function listen(symbol: string, fn: Listener): () => void {
  if (!unsubscribe) {
    // A snapshot keeps the identity of every entry that did not change: compare, not diff.
    let before = snapshot(prices.bySymbol);
    unsubscribe = subscribe(prices.bySymbol, () => {
      const now = snapshot(prices.bySymbol);
      for (const [s, set] of listeners)
        if (now[s] === before[s]) continue;
        else if (holds > 0) missed.add(s);
        else set.forEach((l) => l());
      before = now;
    });
  }
  let set = listeners.get(symbol);
  if (!set) listeners.set(symbol, (set = new Set()));
  set.add(fn);
  return () => {
    set.delete(fn);
    if (set.size === 0) listeners.delete(symbol);
    // No price on screen follows the board: nothing to compare on each tick.
    if (listeners.size === 0) {
      unsubscribe?.();
      unsubscribe = undefined;
    }
  };
}

const read = (symbol: string): Readonly<PriceEntry> | undefined =>
  snapshot(prices).bySymbol[symbol];

export function useLiveQuote(symbol: string): Readonly<PriceEntry> | undefined {
  const [held, setHeld] = useState(() => ({ symbol, quote: read(symbol) }));
  useEffect(() => {
    const update = () =>
      setHeld((h) =>
        h.quote === read(symbol) && h.symbol === symbol ? h : { symbol, quote: read(symbol) },
      );
    // A tick between the render and this effect, or a new symbol: catch up (nothing new: no render).
    update();
    return listen(symbol, () => startTransition(update));
  }, [symbol]);
  // Another symbol than the one held (a reused component): its own price, at once.
  return held.symbol === symbol ? held.quote : read(symbol);
}
