/** Toasts: short messages that go away by themselves (1500 ms for the spec's tips). */
import { proxy } from 'valtio/vanilla';

export interface Toast {
  id: number;
  message: string;
  kind: 'error' | 'success' | 'info';
}

export const toasts = proxy<{ list: Toast[] }>({ list: [] });
let seq = 0;

export function showToast(message: string, kind: Toast['kind'], durationMs: number): void {
  const id = ++seq;
  // One copy of the same message at a time: a burst of identical failures shows once.
  if (toasts.list.some((t) => t.message === message)) return;
  toasts.list.push({ id, message, kind });
  setTimeout(() => {
    const i = toasts.list.findIndex((t) => t.id === id);
    if (i >= 0) toasts.list.splice(i, 1);
  }, durationMs);
}
