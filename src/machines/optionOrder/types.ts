/** Types of the option order machine (../optionOrderMachine.ts): input, context, events, output. */
import type { CallResult } from '../../api/client.ts';
import type {
  AddOptionPayload,
  Balance,
  OptionProduct,
  OrderDirection,
} from '../../api/types/trading.ts';
import type { TradeMode } from '../../config/site.ts';
import type { DeliveryTime, Quote } from '../validation/trading.ts';

export interface OptionOrderInput {
  symbol: string;
  demo: boolean;
  /** From the route's query; anything but 0 or 1 leaves the screen. */
  direction: unknown;
  /** The current trade mode; anything but 'option' leaves the screen. */
  tradeMode: TradeMode;
}

/** What the settlement machine needs of a placed option. */
export interface PlacedOption {
  uid: string;
  beginTime: number;
  endTime: number;
  /** Seconds. */
  timeLong: number;
}

export interface OptionOrderContext {
  symbol: string;
  demo: boolean;
  rejected: boolean;
  direction: OrderDirection;
  product: OptionProduct | null;
  /** The product's delivery times, shortest first. */
  deliveries: DeliveryTime[];
  /** Index into `deliveries`, once chosen. */
  delivery: number | undefined;
  amount: string;
  /** The chosen delivery time's chips (amount shortcuts). */
  chips: number[];
  /** The chosen delivery time's payout rate (profitRate / 100). */
  payoutRate: number | undefined;
  quote: Quote | null;
  balance: Balance | null;
  errors: Partial<Record<'delivery' | 'amount' | 'balance', string>>;
  failure: number | undefined;
  /** The closed message, when the product cannot be traded. */
  notice: 'index.closed' | undefined;
  placed: PlacedOption | undefined;
  balancePolls: number;
}

export type OptionOrderEvent =
  | { type: 'delivery.select'; index: number }
  | { type: 'field.change'; field: 'amount'; value: string }
  | { type: 'chip.select'; value: number }
  | { type: 'direction.change'; value: OrderDirection }
  | { type: 'price.update'; bid: number; ask: number; price: number; time: number }
  | { type: 'balance.update'; balance: Balance }
  | { type: 'form.submit' }
  | { type: 'load.retry' };

/** How the form ended (a placed option does not end it: see `placed` in the context). */
export type OptionOrderOutput = { kind: 'closed' } | { kind: 'left' };

export type PlaceResult = CallResult<'addOrderOption'>;
export type PlaceInput = Omit<AddOptionPayload, 'token'> & { demo: boolean };
