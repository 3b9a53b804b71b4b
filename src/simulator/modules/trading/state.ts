/**
 * The trading module's persisted section (`state.trading`) and the derived,
 * in-memory indexes it keeps beside it for fast ticks.
 *
 * Market order states (trading.md §4, positionStatus):
 *   1 pending (grey)  — a limit order waiting for its price; its margin and fee are reserved;
 *   2 open (yellow)   — filled; holds its margin, accrues interest, can be closed;
 *   3 closed (blue)   — closed by the user, its stop loss / take profit, a stop-out or a demo reset;
 *   4 cancelled (red) — a pending order cancelled by the user, a stop-out or a demo reset (fee refunded).
 * Every order is in exactly one of them; 1 → 2 → 3 and 1 → 4 are the only moves.
 *
 * The shape `state.trading.orders[id] = { uid, book, positionStatus, … }` is
 * read by src/simulator/queries.ts; keep it.
 */
import type { CloseReason, OrderDirection } from '../../../api/types/trading.ts';
import type { SimContext } from '../../module.ts';
import type { UsersSlice } from '../../users.ts';

/** Which of a user's two trading accounts. */
export type Book = 'real' | 'demo';

/**
 * Why an order left the active states; 'stopOut' and 'reset' are system
 * actions (the "exception" filter). On the wire as the extension field
 * `closeReason` (api/types/trading.ts).
 */
export type { CloseReason };

/** A market order. Decimal amounts are strings (big.js), times epoch ms. */
export interface OrderRecord {
  id: string;
  uid: string;
  book: Book;
  symbol: string;
  orderType: OrderDirection;
  /** 1 pending (limit) order, 2 market order. */
  buyPoint: 1 | 2;
  /** Lots, rounded down to the product's lot step. */
  volume: string;
  /** Limit price of a pending order; null for a market order. */
  limitPrice: string | null;
  /** Fill price (ask for a buy, bid for a sell); null until filled. */
  openPrice: string | null;
  closePrice: string | null;
  stopPrice: string | null;
  takeProfitPrice: string | null;
  leverage: number;
  /** Margin reserved while pending or open (USD). */
  margin: string;
  /** Commission taken at placement (USD); 0 once refunded by a cancel. */
  fee: string;
  /** Interest accrued while open; what was actually charged once closed (USD). */
  interest: string;
  /** Realised price P&L once closed (USD); 0 before. */
  profitLoss: string;
  /** USD notional at the fill: the interest base. */
  notional: string | null;
  positionStatus: 1 | 2 | 3 | 4;
  closeReason?: CloseReason;
  orderTime: number;
  transactionTime: number | null;
  closingTime: number | null;
}

/** A fixed-duration option (trading.md §3 "Option order"). */
export interface OptionRecord {
  id: string;
  uid: string;
  book: Book;
  symbol: string;
  productId: string;
  /** 0 up (buy), 1 down (sell). */
  orderType: OrderDirection;
  /** Strike: the mid price at placement, rounded to the product's precision. */
  price: string;
  priceEnd: string | null;
  timeLong: number;
  beginTime: number;
  endTime: number;
  completeTime: number | null;
  /** Stake (USD, whole units). */
  amount: string;
  /** Payout rate in percent (a win pays amount × rate / 100 on top of the stake). */
  rate: number;
  fee: string;
  /** +payout, −amount, or 0 for a tie; null while running. */
  winLost: string | null;
  /** 0 waiting, 1 done. */
  positionStatus: 0 | 1;
}

export interface TradingState {
  orders: Record<string, OrderRecord>;
  options: Record<string, OptionRecord>;
  /** The last interest rollover applied (epoch ms). */
  lastRollover: number;
}

/** The trading module's section of the state (state.ts composes it). */
export interface TradingSlice {
  trading: TradingState;
}

/** The sections the trading module reads: its own and the users'. */
export type TradingNeeds = TradingSlice & UsersSlice;

/** The trading module's context. */
export type TradingContext = SimContext<TradingNeeds>;

/** An active (pending or open) order with its numbers pre-parsed for the tick. */
export interface Hot {
  /** The order as read from the (change-tracked) state: write through it. */
  o: OrderRecord;
  /**
   * Copies of `o.symbol` and `o.positionStatus` for the per-tick loops, which
   * read them for every position (a read of `o` goes through the state's
   * change-tracking proxy). `status` follows `o` at each refresh.
   */
  symbol: string;
  status: 1 | 2 | 3 | 4;
  /** +1 buy, −1 sell. */
  dir: 1 | -1;
  /** lots × contract size. */
  units: number;
  limit: number;
  open: number;
  sl: number;
  tp: number;
  margin: number;
  interest: number;
  /** Quote currency of the product (P&L is converted to USD from it). */
  ccy: string;
}

/** Derived indexes, rebuilt from the state at start; never persisted. */
export interface Runtime {
  active: Map<string, Hot>;
  bySymbol: Map<string, Set<Hot>>;
  /** Key `${uid}|${book}`. */
  byAccount: Map<string, Set<Hot>>;
  /** Running options, earliest end first. */
  running: OptionRecord[];
  nextRollover: number;
  /** Accounts whose order lists changed and must be published. */
  dirty: Map<string, { uid: string; book: Book; holding: boolean; pending: boolean }>;
}

const runtimes = new WeakMap<TradingContext, Runtime>();

/** The runtime indexes of a simulator (created by the module's init). */
export function runtime(ctx: TradingContext): Runtime {
  const rt = runtimes.get(ctx);
  if (!rt) throw new Error('trading module not initialised');
  return rt;
}

/** Attach a simulator's runtime indexes (init). */
export function setRuntime(ctx: TradingContext, rt: Runtime): void {
  runtimes.set(ctx, rt);
}

/** Index key of one user's book. */
export const accountKey = (uid: string, book: Book): string => `${uid}|${book}`;

/** The book a session trades on: virtualStatus '0' is the real account, anything else demo. */
export const bookOf = (virtualStatus: string): Book => (virtualStatus === '0' ? 'real' : 'demo');
