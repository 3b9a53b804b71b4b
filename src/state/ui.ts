/** Shared view state of the shells: the symbol in focus, which desktop panels are open. */
import { proxy } from 'valtio/vanilla';
import { LIST_OPEN_MIN_HEIGHT_PX } from '../config/constants.ts';

export type ListTab = 'position' | 'history';

/** The desktop's default symbol (trading.md §2 "Desktop shell"). */
export const DEFAULT_SYMBOL = 'BTCUSDT';

export interface UiState {
  /**
   * The product in the desktop panels (chart, place order): none until the
   * user chooses one, or, signed in, until prices arrive (then BTCUSDT).
   */
  symbol: string | undefined;
  placeOpen: boolean;
  listOpen: boolean;
  listTab: ListTab;
  /** Desktop place-order direction tab. */
  direction: 0 | 1;
  /**
   * A trade whose card was asked for from elsewhere (its line on the chart):
   * the positions list opens it once it shows it, and clears this.
   */
  openTrade: { kind: 'order' | 'option'; id: string } | undefined;
  /**
   * The kind the positions list shows while a card asked for that way is open,
   * whatever the trade mode (ui/trade/open-trade.ts); undefined: the mode's.
   */
  listMode: 'market' | 'option' | undefined;
}

export const ui = proxy<UiState>({
  symbol: undefined,
  placeOpen: true,
  // The list is open by default when the window is taller than 790 px.
  listOpen: typeof window !== 'undefined' && window.innerHeight > LIST_OPEN_MIN_HEIGHT_PX,
  listTab: 'position',
  direction: 0,
  openTrade: undefined,
  listMode: undefined,
});

export function chooseSymbol(symbol: string): void {
  ui.symbol = symbol;
}

/**
 * §2: "The default symbol is BTCUSDT once prices arrive and the user is logged
 * in." Nothing chosen yet, a session and BTCUSDT's price on the board: focus
 * it. A guest, or a board still waiting for prices, gets no default.
 */
export function applyDefaultSymbol(signedIn: boolean, priced: (symbol: string) => boolean): void {
  if (ui.symbol === undefined && signedIn && priced(DEFAULT_SYMBOL)) ui.symbol = DEFAULT_SYMBOL;
}
