/** Shared view state of the shells: the symbol in focus, which desktop panels are open. */
import { proxy } from 'valtio/vanilla';
import { LIST_OPEN_MIN_HEIGHT_PX } from '../config/constants.ts';

export type ListTab = 'position' | 'history';

export interface UiState {
  /** The product in the desktop panels (chart, place order). */
  symbol: string;
  placeOpen: boolean;
  listOpen: boolean;
  listTab: ListTab;
  /** Desktop place-order direction tab. */
  direction: 0 | 1;
}

export const ui = proxy<UiState>({
  symbol: 'BTCUSDT',
  placeOpen: true,
  // The list is open by default when the window is taller than 790 px.
  listOpen: typeof window !== 'undefined' && window.innerHeight > LIST_OPEN_MIN_HEIGHT_PX,
  listTab: 'position',
  direction: 0,
});

export function chooseSymbol(symbol: string): void {
  ui.symbol = symbol;
}
