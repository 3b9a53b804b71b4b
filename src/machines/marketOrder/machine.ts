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
import type { AddOrderPayload, Balance, OrderDirection } from '../../api/types/trading.ts';
import type { TradeMode } from '../../config/site.ts';
import {
  BALANCE_POLL_MS,
  DUPLICATE_CLICK_MS,
  PRODUCT_INFO_REFRESH_MS,
} from '../../config/constants.ts';
import { doneOutput } from '../events.ts';
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
  delays: {
    balancePoll: BALANCE_POLL_MS,
    infoRefresh: PRODUCT_INFO_REFRESH_MS,
    duplicateClick: DUPLICATE_CLICK_MS,
  },
  guards: {
    rejected: ({ context }) => context.rejected,
    loadFailed: (_, l: ProductLoad) => loadFailure(l) !== undefined,
    closed: (_, l: ProductLoad) => closedOf(l) !== 0,
    invalid: ({ context }, l: ProductLoad) =>
      Object.keys(validate(loaded(context, l)).errors).length > 0,
    placed: (_, r: PlaceResult) => r.code === 0,
  },
  actions: {
    applyLoad: assign(({ context }, l: ProductLoad) => loaded(context, l)),
    recordLoadFailure: assign((_, l: ProductLoad) => ({
      failure: loadFailure(l),
    })),
    applyBalance: assign(({ context, event }) =>
      event.type === 'balance.update' ? { balance: event.balance } : { balance: context.balance },
    ),
    countPoll: assign(({ context }) => ({ balancePolls: context.balancePolls + 1 })),
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
        const next = { ...c, volume: v.value, errors: { ...c.errors, volume: v.error } };
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
      if (event.type !== 'price.update') return {};
      const next = {
        ...c,
        quote: { bid: event.bid, ask: event.ask, price: event.price, time: event.time },
      };
      return { ...next, ...derive(next) };
    }),
    startSubmit: assign({ failure: undefined }),
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
    recordFailure: assign((_, r: PlaceResult) => ({ failure: r.code })),
    recordOrder: assign((_, r: PlaceResult) => ({
      orderId: String(r.data),
      errors: {},
    })),
    pollBalance: sendTo('balancePoller', { type: 'poll' }),
  },
}).createMachine({
  id: 'marketOrder',
  context: ({ input }) => {
    const d = Number(input.direction);
    const ok = input.direction !== '' && input.direction !== null && (d === 0 || d === 1);
    const direction: OrderDirection = ok && d === 1 ? 1 : 0;
    return {
      symbol: input.symbol,
      demo: input.demo,
      rejected: !ok || input.tradeMode !== 'market',
      direction,
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
    loading: {
      tags: ['busy', 'locked'],
      always: { guard: 'rejected', target: 'left' },
      invoke: {
        id: 'load',
        src: 'loadProduct',
        input: ({ context }) => ({ symbol: context.symbol }),
        onDone: [
          {
            guard: { type: 'loadFailed', params: doneOutput },
            target: 'loadFailed',
            actions: { type: 'recordLoadFailure', params: doneOutput },
          },
          {
            guard: { type: 'closed', params: doneOutput },
            target: 'unavailable',
            actions: { type: 'applyLoad', params: doneOutput },
          },
          { target: 'editing', actions: { type: 'applyLoad', params: doneOutput } },
        ],
      },
    },
    loadFailed: {
      tags: ['locked'],
      on: { 'load.retry': { target: 'loading' } },
    },
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
      initial: 'ready',
      states: {
        ready: {
          // The balance, polled every second while the form can be submitted.
          invoke: { id: 'balancePoller', src: 'balancePoller' },
          on: { 'form.submit': { target: '#marketOrder.checking', actions: 'startSubmit' } },
          after: { infoRefresh: { target: 'refreshing' } },
          initial: 'polling',
          states: {
            // Re-entered every second (the 60 s refresh timer above keeps running).
            polling: {
              after: {
                balancePoll: {
                  target: 'polling',
                  reenter: true,
                  actions: ['countPoll', 'pollBalance'],
                },
              },
            },
          },
        },
        refreshing: {
          // The button stays usable through the minute's refresh (it was
          // dead for its length, the click lost): a submit checks at once,
          // and the check loads the product afresh anyway.
          on: { 'form.submit': { target: '#marketOrder.checking', actions: 'startSubmit' } },
          invoke: {
            id: 'refresh',
            src: 'loadProduct',
            input: ({ context }) => ({ symbol: context.symbol }),
            onDone: [
              { guard: { type: 'loadFailed', params: doneOutput }, target: 'ready' },
              {
                guard: { type: 'closed', params: doneOutput },
                target: '#marketOrder.unavailable',
                actions: { type: 'applyLoad', params: doneOutput },
              },
              { target: 'ready', actions: { type: 'applyLoad', params: doneOutput } },
            ],
          },
        },
        // Duplicate-click guard: a refused attempt holds the button for 1 s.
        cooling: { after: { duplicateClick: { target: 'ready' } } },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'recheck',
        src: 'loadProduct',
        input: ({ context }) => ({ symbol: context.symbol }),
        onDone: [
          {
            guard: { type: 'loadFailed', params: doneOutput },
            target: '#marketOrder.editing.cooling',
            actions: { type: 'recordLoadFailure', params: doneOutput },
          },
          {
            guard: { type: 'closed', params: doneOutput },
            target: 'unavailable',
            actions: { type: 'applyLoad', params: doneOutput },
          },
          {
            guard: { type: 'invalid', params: doneOutput },
            target: '#marketOrder.editing.cooling',
            actions: [{ type: 'applyLoad', params: doneOutput }, 'showErrors'],
          },
          { target: 'placing', actions: [{ type: 'applyLoad', params: doneOutput }, 'settle'] },
        ],
      },
    },
    placing: {
      tags: ['busy'],
      invoke: {
        id: 'place',
        src: 'placeOrder',
        input: ({ context }) => payload(context),
        onDone: [
          {
            guard: { type: 'placed', params: doneOutput },
            target: 'placed',
            actions: { type: 'recordOrder', params: doneOutput },
          },
          {
            target: '#marketOrder.editing.cooling',
            actions: { type: 'recordFailure', params: doneOutput },
          },
        ],
      },
    },
    placed: { type: 'final', tags: ['done'] },
    left: { type: 'final', tags: ['done'] },
  },
  output: ({ context }) =>
    context.orderId ? { kind: 'placed', orderId: context.orderId } : { kind: 'left' },
});
