/**
 * One rule for every popover, menu, drawer and dialog of the app: Escape
 * closes the topmost open layer only (a confirm drawer over the account
 * drawer closes alone), a pointer press outside a non-modal layer closes it,
 * a modal layer (`trap`) keeps Tab and Shift+Tab inside itself, and focus
 * goes back to where it was when the layer opened (unless the user has
 * already put it somewhere else).
 */
import { useEffect, useRef, type RefObject } from 'react';

interface Layer {
  close(): void;
  /** The modal box Tab cycles in, if the layer traps focus. */
  trap?: HTMLElement | null;
}

const layers: Layer[] = [];

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The elements Tab can reach inside `root`, in order (visible ones only). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
}

/** Tab and Shift+Tab cycle inside a modal box. */
function cycle(e: KeyboardEvent, root: HTMLElement) {
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
}

function onKey(e: KeyboardEvent) {
  const top = layers[layers.length - 1];
  if (!top) return;
  if (e.key === 'Escape') {
    e.preventDefault();
    top.close();
  } else if (e.key === 'Tab' && top.trap) cycle(e, top.trap);
}

export interface LayerOptions {
  /** Close on a pointer press outside `ref` (popovers and menus; modal layers have a backdrop). */
  outside?: boolean;
  /** Move focus to the first control inside `ref` on open. */
  focusFirst?: boolean;
  /** A modal layer: Tab and Shift+Tab stay inside `ref`. */
  trap?: boolean;
  /** Where focus returns (the trigger), when the layer's content takes focus on its own (autoFocus). */
  opener?: RefObject<HTMLElement | null>;
}

/** The open layer in `ref`: Escape, outside press, focus return (see the module comment). */
export function useLayer(
  open: boolean,
  onClose: () => void,
  ref: RefObject<HTMLElement | null>,
  { outside = false, focusFirst = false, trap = false, opener }: LayerOptions = {},
): void {
  // The latest onClose, without re-running the effect (callers pass inline functions).
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!open) return;
    const prev = opener?.current ?? (document.activeElement as HTMLElement | null);
    const box = ref.current;
    const layer: Layer = { close: () => close.current(), trap: trap ? box : undefined };
    layers.push(layer);
    if (layers.length === 1) window.addEventListener('keydown', onKey);
    if (focusFirst && box && !box.contains(document.activeElement)) {
      const first = tabbables(box)[0];
      if (first) first.focus();
      else {
        box.tabIndex = -1;
        box.focus();
      }
    }
    const onDown = (e: PointerEvent) => {
      if (layers[layers.length - 1] !== layer) return;
      const el = ref.current;
      if (el && e.target instanceof Node && !el.contains(e.target)) layer.close();
    };
    if (outside) document.addEventListener('pointerdown', onDown, true);
    return () => {
      layers.splice(layers.indexOf(layer), 1);
      if (layers.length === 0) window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown, true);
      // Back to the opener, unless the user moved focus elsewhere meanwhile.
      const now = document.activeElement;
      const lost = !now || now === document.body || !!box?.contains(now);
      if (lost && prev && prev.isConnected) prev.focus();
    };
  }, [open, outside, focusFirst, trap, ref, opener]);
}
