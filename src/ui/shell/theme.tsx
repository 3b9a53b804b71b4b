/** Applies dark mode and the up/down colours to the document. */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { preferences } from '../../state/preferences.ts';
import { useServices } from '../services-context.tsx';
import { readableOn } from '../contrast.ts';
import { useDark } from '../hooks/use-media.ts';

export function ThemeEffect() {
  const { redUp } = useSnapshot(preferences);
  const dark = useDark();
  const { config } = useServices();
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    const { up, down } = config.colors;
    // Text in --up/--down reads at 4.5:1 on the page and on panels of this theme;
    // --up-fill/--down-fill carry white text (buttons, pills, badges) at 4.5:1.
    const css = getComputedStyle(root);
    const bg = css.getPropertyValue('--bg') || (dark ? '#0b1220' : '#f6f7fb');
    const panel = css.getPropertyValue('--panel') || (dark ? '#111a2e' : '#ffffff');
    const text = (c: string) => readableOn(readableOn(c, bg), panel);
    const fill = (c: string) => readableOn(c, '#ffffff');
    const [u, d] = redUp ? [down, up] : [up, down];
    root.style.setProperty('--up', text(u));
    root.style.setProperty('--down', text(d));
    root.style.setProperty('--up-fill', fill(u));
    root.style.setProperty('--down-fill', fill(d));
  }, [dark, redUp, config.colors]);
  return null;
}
