/**
 * One rule for every popover, menu, drawer and dialog of the shell: Escape
 * closes the topmost open layer only (a confirm drawer over the account
 * drawer closes alone), a pointer press outside a non-modal layer closes it,
 * and focus goes back to where it was when the layer opened (unless the user
 * has already put it somewhere else).
 */
import { useEffect, useRef, type RefObject } from 'react';

interface Layer {
  close(): void;
}

const layers: Layer[] = [];

function onKey(e: KeyboardEvent) {
  if (e.key !== 'Escape') return;
  const top = layers[layers.length - 1];
  if (!top) return;
  e.preventDefault();
  top.close();
}

export interface LayerOptions {
  /** Close on a pointer press outside `ref` (popovers and menus; modal layers have a backdrop). */
  outside?: boolean;
  /** Move focus to the first control inside `ref` on open. */
  focusFirst?: boolean;
  /** Where focus returns (the trigger), when the layer's content takes focus on its own (autoFocus). */
  opener?: RefObject<HTMLElement | null>;
}

/** The open layer in `ref`: Escape, outside press, focus return (see the module comment). */
export function useLayer(
  open: boolean,
  onClose: () => void,
  ref: RefObject<HTMLElement | null>,
  { outside = false, focusFirst = false, opener }: LayerOptions = {},
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
    const layer: Layer = { close: () => close.current() };
    layers.push(layer);
    if (layers.length === 1) window.addEventListener('keydown', onKey);
    if (focusFirst)
      ref.current
        ?.querySelector<HTMLElement>('input, button, [href], select, textarea, iframe')
        ?.focus();
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
  }, [open, outside, focusFirst, ref, opener]);
}
