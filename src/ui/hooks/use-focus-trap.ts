/**
 * Modal focus handling shared by every dialog (drawers, the sign-in card, the
 * account drawer): while active, focus moves into the dialog, Tab and Shift+Tab
 * cycle inside it, Escape calls `onEscape`, and on close focus returns to the
 * element that had it before. Dialogs opened from a dialog stack: only the top
 * one answers keys.
 */
import { useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The elements Tab can reach inside `root`, in order (visible ones only). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
}

const stack: HTMLElement[] = [];

export function useFocusTrap<T extends HTMLElement = HTMLDivElement>(
  active: boolean,
  onEscape: () => void,
) {
  const ref = useRef<T>(null);
  // The latest callback, so a new closure each render neither re-runs the effect nor refocuses.
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const opener = document.activeElement as HTMLElement | null;
    stack.push(root);
    if (!root.contains(document.activeElement)) {
      const first = tabbables(root)[0];
      if (first) first.focus();
      else {
        root.tabIndex = -1;
        root.focus();
      }
    }
    const onKey = (e: KeyboardEvent) => {
      if (stack.at(-1) !== root) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        escape.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = tabbables(root);
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items.at(-1)!;
      const at = document.activeElement;
      const inside = at instanceof HTMLElement && root.contains(at);
      if (e.shiftKey && (!inside || at === first || at === root)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || at === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(root), 1);
      // Back to the opener, unless the dialog's action moved focus somewhere on purpose.
      const lost = !document.activeElement || document.activeElement === document.body;
      if (opener?.isConnected && (lost || root.contains(document.activeElement))) opener.focus();
    };
  }, [active]);
  return ref;
}

/**
 * A non-modal popover (the search box, the balance card): Escape closes it and
 * gives focus back to its toggle (the returned ref); focus is not trapped.
 */
export function usePopoverEscape<T extends HTMLElement = HTMLButtonElement>(
  open: boolean,
  close: () => void,
) {
  const toggle = useRef<T>(null);
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // A modal dialog above the popover answers its own Escape.
      if (e.key !== 'Escape' || stack.length > 0) return;
      latest.current();
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return toggle;
}
