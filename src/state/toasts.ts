/**
 * Toasts: short messages that go away by themselves (1500 ms for the spec's
 * tips). The time counts from when the toaster paints the toast, not from
 * when it was asked for: a toast raised while the page is busy (a route's
 * chunk loading, a screen mounting) would otherwise spend its time unseen and
 * flash by, or never show.
 */
import { proxy } from 'valtio/vanilla';

/** A number inside a toast's sentence, shown through the app's one number path (ui/components/num.tsx). */
export interface ToastFigure {
  kind: 'price' | 'volume' | 'pnl' | 'fee';
  /** The product's symbol (price, volume) or the currency (pnl, fee). */
  unit: string;
  value: number | string;
}

export interface Toast {
  id: number;
  message: string;
  kind: 'error' | 'success' | 'info';
  /** How long it stays once shown. */
  durationMs: number;
  /** A translated sentence with figures in it, shown instead of `message` (its key). */
  text?: { key: string; values: Record<string, string | ToastFigure> };
  /** How many times the same message came again while this one was up (0 when once). */
  repeats: number;
}

export const toasts = proxy<{ list: Toast[] }>({ list: [] });
let seq = 0;

/** A toast no toaster shows (none mounted, a hidden tab) goes after this long. */
export const UNSEEN_TOAST_MS = 10_000;

const timers = new Map<number, { timer: ReturnType<typeof setTimeout>; shown: boolean }>();

function remove(id: number): void {
  timers.delete(id);
  const i = toasts.list.findIndex((t) => t.id === id);
  if (i >= 0) toasts.list.splice(i, 1);
}

export function showToast(
  message: string,
  kind: Toast['kind'],
  durationMs: number,
  text?: Toast['text'],
): void {
  // One copy of the same message at a time: a burst of identical failures
  // shows once. The copy on screen stays its full time from this one, so a
  // second success a moment after the first (a loan request, then its first
  // repayment) is still seen, not dropped while the first one leaves.
  const same = toasts.list.find((t) => t.message === message);
  if (same) {
    // Said again: the one copy says so (the page marks it, so each event is observable).
    same.repeats += 1;
    const entry = timers.get(same.id);
    if (entry?.shown) {
      clearTimeout(entry.timer);
      const d = Math.max(same.durationMs, durationMs);
      timers.set(same.id, { timer: setTimeout(() => remove(same.id), d), shown: true });
    }
    return;
  }
  const id = ++seq;
  toasts.list.push({ id, message, kind, durationMs, repeats: 0, ...(text ? { text } : {}) });
  timers.set(id, {
    timer: setTimeout(() => remove(id), Math.max(UNSEEN_TOAST_MS, durationMs)),
    shown: false,
  });
}

/** The toaster painted this toast: it stays for its duration from now. Once per toast. */
export function toastShown(id: number): void {
  const entry = timers.get(id);
  const toast = toasts.list.find((t) => t.id === id);
  if (!entry || entry.shown || !toast) return;
  clearTimeout(entry.timer);
  timers.set(id, { timer: setTimeout(() => remove(id), toast.durationMs), shown: true });
}

/**
 * A toast whose sentence (i18n `key`) carries figures: prices, volumes, P&L
 * (the result of a trade). Two with the same sentence and figures show once.
 */
export function showFigureToast(
  key: string,
  values: Record<string, string | ToastFigure>,
  kind: Toast['kind'],
  durationMs: number,
): void {
  showToast(JSON.stringify([key, values]), kind, durationMs, { key, values });
}
