/**
 * Place a market order (trading.md §2 "Place market order", §4 "Order form",
 * §5 "Market order", §7, §8 trade codes).
 *
 * - Entry: the screen is left when the direction is not 0 (buy) or 1 (sell),
 *   or the trade mode is not market.
 * - Loads the product's order info, market status, quote and the balance;
 *   the product info is refreshed every 60 s and the balance polled every 1 s
 *   while the form is shown.
 * - The button is disabled (tag `locked`) while the product loads, when the
 *   market is closed (context.closed 1) or the product's tradeStatus is 0
 *   (context.closed 2); tag `closed` shows the market-closed label.
 * - Fields: volume (clamped to minCount..maxCount, with its message), a
 *   pending price for a pending order (buyPoint 1), stop loss and take profit
 *   when enabled. Beside each price field the context holds the range it must
 *   lie in and, for the stops, the P&L if hit (`preview`). A stop left on the
 *   wrong side of its reference keeps its value and gets the server's message
 *   (§8 308–315): never moved behind the user's back (issue 25).
 * - Submit re-fetches product info, quote and balance, then validates against
 *   them (volume, pending price, stops' sides, margin plus fee against the
 *   available balance) and
 *   places addOrder, or addOrderMock on a demo account. Submit is ignored while
 *   busy and for 1 s after a refused attempt (duplicate-click guard).
 * - Success ends in `placed` with the order number as output; a refusal goes
 *   back to editing with the code in `failure` (the client shows the message).
 *
 * Margin shown: entry price (ask for a buy, bid for a sell, the limit price of
 * a pending order) × volume × contract size / leverage, to the cent, as the
 * simulator reserves it. The wire's product info carries no contract size and
 * no quote-currency rate, so the figure is exact for USD-quoted products of one
 * unit per lot (crypto, indices, stocks); see contractSizeOf.
 */
import { assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { AddOrderPayload } from '../../api/types/trading.ts';
import { doneOutput } from '../events.ts';
import {
  orderTicketStates,
  quoteOfUpdate,
  ticketAssigns,
  ticketDelays,
  ticketEntry,
  ticketGuards,
  type TicketContext,
  type TicketEvent,
  type TicketInput,
} from '../shared/orderTicket/machine.ts';
import { sanitizeNumber } from '../validation/number-input.ts';
import {
  applyProduct,
  checkBalance,
  checkPendingPrice,
  checkStopLoss,
  checkStopSide,
  checkTakeProfit,
  closedOf,
  costOf,
  entryPrice,
  feeOf,
  leverageOf,
  loadFailure,
  marginOf,
  pendingRange,
  precisionOf,
  settleVolume,
  stopPreview,
  stopReference,
  typeVolume,
  volumePrecision,
  type PriceRange,
  type ProductLoad,
  type ProductState,
  type StopPreview,
} from '../validation/trading.ts';

// ── Input, context, events, output ──

export type OrderField = 'volume' | 'price' | 'stopLoss' | 'takeProfit';

/** The shared ticket's input; a trade mode other than 'market' leaves the screen. */
export type MarketOrderInput = TicketInput;

export interface MarketOrderContext extends ProductState, TicketContext {
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
  /** The order number, once placed. */
  orderId: string | undefined;
}

export type MarketOrderEvent =
  | TicketEvent
  | { type: 'field.change'; field: OrderField; value: string }
  | { type: 'field.blur'; field: OrderField }
  | { type: 'pending.toggle' }
  | { type: 'stopLoss.toggle' }
  | { type: 'takeProfit.toggle' };

export type MarketOrderOutput = { kind: 'placed'; orderId: string } | { kind: 'left' };

/** A real account places with addOrder, a demo one with its mock variant (same reply). */
export type PlaceResult = CallResult<'addOrder'> | CallResult<'addOrderMock'>;
export type PlaceInput = Omit<AddOrderPayload, 'token'> & { demo: boolean };

// ── Readers and rules ──

/**
 * What the form shows for the context's current values: the margin and fee,
 * and beside the pending price and the stops the range each must lie in and
 * the P&L at each stop (issue 25: the range is shown, never enforced by
 * rewriting the value).
 */
const derive = (c: MarketOrderContext): Pick<MarketOrderContext, 'margin' | 'fee' | 'preview'> => {
  const entry = entryPrice(c.direction, c.pending, c.price, c.quote);
  const ref = stopReference(c.direction, c.pending, c.price, c.quote);
  const at = {
    direction: c.direction,
    pending: c.pending,
    ref,
    entry,
    volume: c.volume,
    info: c.info,
  };
  return {
    margin: marginOf(entry, c.volume, c.info),
    fee: feeOf(entry, c.volume, c.info),
    preview: {
      price: pendingRange(c.direction, c.quote),
      stopLoss: stopPreview('stopLoss', c.stopLoss, at),
      takeProfit: stopPreview('takeProfit', c.takeProfit, at),
    },
  };
};

/** A stop's error on leaving its field or at submit: empty or zero, else the wrong side (§8 308–315). */
function stopError(c: MarketOrderContext, kind: 'stopLoss' | 'takeProfit'): string | undefined {
  const on = kind === 'stopLoss' ? c.stopLossOn : c.takeProfitOn;
  if (!on) return undefined;
  const empty =
    kind === 'stopLoss' ? checkStopLoss(c.stopLoss, true) : checkTakeProfit(c.takeProfit, true);
  const ref = stopReference(c.direction, c.pending, c.price, c.quote);
  return empty ?? checkStopSide(kind, c[kind], c.direction, c.pending, ref);
}

/**
 * Every rule checked at submit, against the values just re-fetched (§4
 * "Values are re-fetched before submit"): the volume settled into its range,
 * then the checks; a stop the re-fetched quote has put on the wrong side is
 * refused with the server's code, as typed (issue 25 reverses the clamp).
 * Returns the volume to place and the errors.
 */
export function validate(c: MarketOrderContext): {
  volume: string;
  errors: MarketOrderContext['errors'];
} {
  const v = settleVolume(c.volume, c.info);
  const next = { ...c, volume: v.value };
  const errors: MarketOrderContext['errors'] = {
    volume: v.error,
    price: c.pending ? checkPendingPrice(c.price, c.direction, c.quote) : undefined,
    stopLoss: stopError(c, 'stopLoss'),
    takeProfit: stopError(c, 'takeProfit'),
  };
  if (!v.error) {
    // The server refuses (203) unless the cash covers the margin and the fee.
    const d = derive(next);
    errors.balance = checkBalance(costOf(d.margin, d.fee), c.balance?.balanceAmount);
  }
  return {
    volume: v.value,
    errors: Object.fromEntries(Object.entries(errors).filter(([, e]) => e)),
  };
}

/** The context once a product load's results are in. */
const loaded = (c: MarketOrderContext, out: ProductLoad): MarketOrderContext => {
  const next = { ...c, ...applyProduct(c, out) };
  return { ...next, ...derive(next) };
};

const shared = ticketAssigns<MarketOrderContext>();

const payload = (c: MarketOrderContext): PlaceInput => ({
  demo: c.demo,
  tradePair: c.symbol,
  price: Number(c.pending ? c.price : (entryPrice(c.direction, false, '', c.quote) ?? 0)),
  stopPrice: c.stopLossOn ? Number(c.stopLoss) : null,
  takeProfitPprice: c.takeProfitOn ? Number(c.takeProfit) : null,
  orderQuantity: Number(c.volume),
  multiple: leverageOf(c.info),
  orderType: c.direction,
  buyPoint: c.pending ? 1 : 2,
});

const ticket = orderTicketStates({
  id: 'marketOrder',
  load: 'loadProduct',
  closed: 'closed',
  closedState: 'unavailable',
  place: 'placeOrder',
  payload,
  recordPlaced: 'recordOrder',
});

export const marketOrderMachine = setup({
  types: {
    context: {} as MarketOrderContext,
    events: {} as MarketOrderEvent,
    input: {} as MarketOrderInput,
    output: {} as MarketOrderOutput,
  },
  actors: {
    loadProduct: fromPromise<ProductLoad, { symbol: string }>(async () => {
      throw new Error('marketOrderMachine: provide loadProduct');
    }),
    balancePoller: fromCallback<EventObject>(() => {
      throw new Error('marketOrderMachine: provide balancePoller');
    }),
    placeOrder: fromPromise<PlaceResult, PlaceInput>(async () => {
      throw new Error('marketOrderMachine: provide placeOrder');
    }),
  },
  delays: ticketDelays,
  guards: {
    // Each guard's arguments are annotated: beside the shared (annotated) ones, an unannotated
    // guard would have its params inferred as unknown.
    ...ticketGuards,
    loadFailed: (_: unknown, l: ProductLoad) => loadFailure(l) !== undefined,
    closed: (_: unknown, l: ProductLoad) => closedOf(l) !== 0,
    invalid: ({ context }: { context: MarketOrderContext }, l: ProductLoad) =>
      Object.keys(validate(loaded(context, l)).errors).length > 0,
  },
  actions: {
    applyBalance: assign(shared.applyBalance),
    countPoll: assign(shared.countPoll),
    pollBalance: sendTo('balancePoller', { type: 'poll' }),
    startSubmit: assign({ failure: undefined }),
    recordFailure: assign(shared.recordFailure),
    applyLoad: assign(({ context }, l: ProductLoad) => loaded(context, l)),
    recordLoadFailure: assign((_, l: ProductLoad) => ({
      failure: loadFailure(l),
    })),
    edit: assign(({ context: c, event }) => {
      if (event.type !== 'field.change') return {};
      const errors = { ...c.errors, [event.field]: undefined, balance: undefined };
      let next: MarketOrderContext;
      if (event.field === 'volume') {
        const v = typeVolume(sanitizeNumber(event.value, volumePrecision(c.info)), c.info);
        next = { ...c, volume: v.value, errors: { ...errors, volume: v.error } };
      } else {
        next = { ...c, [event.field]: sanitizeNumber(event.value, precisionOf(c.info)), errors };
      }
      return { ...next, ...derive(next) };
    }),
    blur: assign(({ context: c, event }) => {
      if (event.type !== 'field.blur') return {};
      if (event.field === 'volume') {
        const v = settleVolume(c.volume, c.info);
        // A value clamped while typing ("Maximum is") keeps its message: leaving the field must
        // not hide why the number is not the one typed (field.change clears it on the next key).
        const error = v.error ?? c.errors.volume;
        const next = { ...c, volume: v.value, errors: { ...c.errors, volume: error } };
        return { ...next, ...derive(next) };
      }
      if (event.field === 'price') {
        const error = c.pending ? checkPendingPrice(c.price, c.direction, c.quote) : undefined;
        return { errors: { ...c.errors, price: error } };
      }
      // A stop left on the wrong side keeps its value and says why (§8 308–315); empty waits for submit.
      const error = c[event.field] === '' ? undefined : stopError(c, event.field);
      return { errors: { ...c.errors, [event.field]: error } };
    }),
    setDirection: assign(({ context: c, event }) => {
      if (event.type !== 'direction.change') return {};
      const next = { ...c, direction: event.value, errors: {} };
      return { ...next, ...derive(next) };
    }),
    togglePending: assign(({ context: c }) => {
      const next = { ...c, pending: !c.pending, errors: { ...c.errors, price: undefined } };
      return { ...next, ...derive(next) };
    }),
    toggleStopLoss: assign(({ context: c }) => ({
      stopLossOn: !c.stopLossOn,
      errors: { ...c.errors, stopLoss: undefined },
    })),
    toggleTakeProfit: assign(({ context: c }) => ({
      takeProfitOn: !c.takeProfitOn,
      errors: { ...c.errors, takeProfit: undefined },
    })),
    updatePrice: assign(({ context: c, event }) => {
      const quote = quoteOfUpdate(event);
      if (!quote) return {};
      const next = { ...c, quote };
      return { ...next, ...derive(next) };
    }),
    showErrors: assign(({ context }) => {
      const next = { ...context, ...validate(context) };
      return { ...next, ...derive(next) };
    }),
    /** The values about to be placed: the volume settled (the stops go as typed). */
    settle: assign(({ context }) => {
      const { volume } = validate(context);
      const next = { ...context, volume };
      return { ...next, ...derive(next) };
    }),
    recordOrder: assign((_, r: PlaceResult) => ({
      orderId: String(r.data),
      errors: {},
    })),
  },
}).createMachine({
  id: 'marketOrder',
  context: ({ input }) => {
    return {
      ...ticketEntry(input, 'market'),
      pending: false,
      volume: '',
      price: '',
      stopLoss: '',
      takeProfit: '',
      stopLossOn: false,
      takeProfitOn: false,
      info: null,
      quote: null,
      balance: null,
      closed: 0,
      margin: undefined,
      fee: undefined,
      preview: { price: undefined, stopLoss: undefined, takeProfit: undefined },
      errors: {},
      failure: undefined,
      orderId: undefined,
      balancePolls: 0,
    };
  },
  initial: 'loading',
  states: {
    loading: ticket.loading,
    loadFailed: ticket.loadFailed,
    unavailable: {
      tags: ['locked', 'closed'],
      initial: 'waiting',
      states: {
        waiting: { after: { infoRefresh: { target: 'refreshing' } } },
        refreshing: {
          invoke: {
            id: 'reopen',
            src: 'loadProduct',
            input: ({ context }) => ({ symbol: context.symbol }),
            onDone: [
              { guard: { type: 'loadFailed', params: doneOutput }, target: 'waiting' },
              {
                guard: { type: 'closed', params: doneOutput },
                target: 'waiting',
                actions: { type: 'applyLoad', params: doneOutput },
              },
              {
                target: '#marketOrder.editing',
                actions: { type: 'applyLoad', params: doneOutput },
              },
            ],
          },
        },
      },
    },
    editing: {
      on: {
        'field.change': { actions: 'edit' },
        'field.blur': { actions: 'blur' },
        'direction.change': { actions: 'setDirection' },
        'pending.toggle': { actions: 'togglePending' },
        'stopLoss.toggle': { actions: 'toggleStopLoss' },
        'takeProfit.toggle': { actions: 'toggleTakeProfit' },
        'price.update': { actions: 'updatePrice' },
        'balance.update': { actions: 'applyBalance' },
      },
      ...ticket.editing,
    },
    checking: {
      tags: ['busy'],
      invoke: {
        ...ticket.recheck,
        onDone: [
          ...ticket.checkingHead,
          { target: 'placing', actions: [{ type: 'applyLoad', params: doneOutput }, 'settle'] },
        ],
      },
    },
    placing: ticket.placing,
    placed: { type: 'final', tags: ['done'] },
    left: { type: 'final', tags: ['done'] },
  },
  output: ({ context }) =>
    context.orderId ? { kind: 'placed', orderId: context.orderId } : { kind: 'left' },
});
