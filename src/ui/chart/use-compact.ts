/** True below the desktop breakpoint (trading.md §2: mobile shell under 768 px). */
import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_PX } from '../../config/constants.ts';

const query = `(max-width: ${MOBILE_MAX_PX - 1}px)`;

const subscribe = (fn: () => void) => {
  const m = window.matchMedia(query);
  m.addEventListener('change', fn);
  return () => m.removeEventListener('change', fn);
};

export const useCompact = (): boolean => useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
