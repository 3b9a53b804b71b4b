import { useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { preferences } from '../../state/preferences.ts';
import { DESKTOP_QUERY } from '../../config/constants.ts';

/** Whether a media query matches, kept current on resize. */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', onChange);
      return () => m.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Desktop shell from 768 px wide (ARCHITECTURE.md: mobile below). */
export const useDesktop = (): boolean => useMedia(DESKTOP_QUERY);
/** Wide desktop: above 1600 px the theme colour buttons show. */
export const useWide = (): boolean => useMedia('(min-width: 1601px)');
/** The theme in force: the user's choice, else the system's (issue 25 item 8). */
export function useDark(): boolean {
  const { dark } = useSnapshot(preferences);
  const system = useMedia('(prefers-color-scheme: dark)');
  return dark ?? system;
}
