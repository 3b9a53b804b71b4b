/**
 * Full screen for an element: the Fullscreen API where the browser has it for
 * elements, else (iPhone Safari) the element is laid over the page by CSS.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [native, setNative] = useState(false);
  const [filled, setFilled] = useState(false);

  useEffect(() => {
    const sync = () => setNative(!!ref.current && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [ref]);

  const toggle = useCallback(async () => {
    const el = ref.current;
    if (!el) return;
    if (document.fullscreenElement) return void (await document.exitFullscreen().catch(() => {}));
    if (filled) return setFilled(false);
    if (typeof el.requestFullscreen === 'function') {
      try {
        await el.requestFullscreen();
        return;
      } catch {
        /* refused (no user gesture, or not allowed here): fall back to filling the window */
      }
    }
    setFilled(true);
  }, [ref, filled]);

  return { on: native || filled, filled, toggle };
}
