/** Remembered preferences (trading.md §3): language, theme, colours, trade mode. */
import { proxy, subscribe } from 'valtio/vanilla';
import type { Language, TradeMode } from '../config/site.ts';
import { readJson, writeJson } from './persist.ts';
import { PREFERENCES_KEY } from './seen.ts';

export interface Preferences {
  language: Language | undefined;
  /** Dark theme; undefined follows the system (prefers-color-scheme) until the user chooses. */
  dark: boolean | undefined;
  /** Swap up/down colours (red up, green down, as some markets read them). */
  redUp: boolean;
  tradeMode: TradeMode | undefined;
}

const KEY = PREFERENCES_KEY;
const saved = readJson<Partial<Preferences>>(KEY) ?? {};

export const preferences = proxy<Preferences>({
  language: saved.language,
  dark: saved.dark,
  redUp: saved.redUp ?? false,
  tradeMode: saved.tradeMode,
});
subscribe(preferences, () => writeJson(KEY, { ...preferences }));
