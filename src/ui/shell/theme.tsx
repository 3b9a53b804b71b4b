/** Applies dark mode and the up/down colours to the document. */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { preferences } from '../../state/preferences.ts';
import { useServices } from '../services-context.tsx';

export function ThemeEffect() {
  const { dark, redUp } = useSnapshot(preferences);
  const { config } = useServices();
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    const { up, down } = config.colors;
    root.style.setProperty('--up', redUp ? down : up);
    root.style.setProperty('--down', redUp ? up : down);
  }, [dark, redUp, config.colors]);
  return null;
}
