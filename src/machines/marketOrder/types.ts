/** Types of the market order machine (../marketOrderMachine.ts): input, context, events, output. */
import type { CallResult } from '../../api/client.ts';
import type { AddOrderPayload, Balance, OrderDirection } from '../../api/types/trading.ts';
import type { TradeMode } from '../../config/site.ts';
import type { PriceRange, ProductState, StopPreview } from '../validation/trading.ts';

export type OrderField = 'volume' | 'price' | 'stopLoss' | 'takeProfit';

export interface MarketOrderInput {
  symbol: string;
  /** Demo account (the token's virtualStatus is not '0'): the Mock calls. */
  demo: boolean;
  /** From the route's query (or the desktop tab); anything but 0 or 1 leaves the screen. */
  direction: unknown;
  /** The current trade mode; anything but 'market' leaves the screen. */
  tradeMode: TradeMode;
}

export interface MarketOrderContext extends ProductState {
  symbol: string;
  demo: boolean;
  /** The input direction was not 0/1 or the mode not market. */
  rejected: boolean;
  direction: OrderDirection;
  /** Pending (limit) order, buyPoint 1; otherwise market price, buyPoint 2. */
  pending: boolean;
  volume: string;
  price: string;
  stopLoss: string;
  takeProfit: string;
  stopLossOn: boolean;
  takeProfitOn: boolean;
  /** Margin the order would reserve (USD, 2 decimals), when it can be known. */
  margin: string | undefined;
  /** Fee the order would be charged (USD, 2 decimals, rounded up), when it can be known. */
  fee: string | undefined;
  /**
   * Shown beside the fields: the range the pending price and each stop must
   * lie in for the current quote, and the P&L at each typed stop.
   */
  preview: {
    price: PriceRange | undefined;
    stopLoss: StopPreview | undefined;
    takeProfit: StopPreview | undefined;
  };
  /** Message keys per field; `balance` holds insufficient_balance. */
  errors: Partial<Record<OrderField | 'balance', string>>;
  /** Last failing reply code (load or placement), if any. */
  failure: number | undefined;
  /** The order number, once placed. */
  orderId: string | undefined;
  /** Balance requests made by the poll (each second while ready). */
  balancePolls: number;
}

export type MarketOrderEvent =
  | { type: 'field.change'; field: OrderField; value: string }
  | { type: 'field.blur'; field: OrderField }
  | { type: 'direction.change'; value: OrderDirection }
  | { type: 'pending.toggle' }
  | { type: 'stopLoss.toggle' }
  | { type: 'takeProfit.toggle' }
  | { type: 'price.update'; bid: number; ask: number; price: number; time: number }
  | { type: 'balance.update'; balance: Balance }
  | { type: 'form.submit' }
  | { type: 'load.retry' };

export type MarketOrderOutput = { kind: 'placed'; orderId: string } | { kind: 'left' };

export type PlaceResult = CallResult<'addOrder'>;
export type PlaceInput = Omit<AddOrderPayload, 'token'> & { demo: boolean };
