/**
 * Inlined in index.html's head (build/inline-boot.ts), before the first
 * paint: the user's theme, else the system's (as ThemeEffect does once the
 * app is loaded), so a dark page never flashes light. The preferences' key is
 * the store's own (state/seen.ts).
 */
import { PREFERENCES_KEY } from '../../state/seen.ts';

try {
  const saved = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as {
    dark?: boolean | null;
  };
  const dark = saved.dark ?? window.matchMedia('(prefers-color-scheme: dark)').matches;
  if (dark) document.documentElement.classList.add('dark');
} catch {
  // Storage blocked or unreadable: the app sets the theme once it loads.
}
