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
import { fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import type { OrderDirection } from '../api/types/trading.ts';
import {
  BALANCE_POLL_MS,
  DUPLICATE_CLICK_MS,
  PRODUCT_INFO_REFRESH_MS,
} from '../config/constants.ts';
import { closedOf, loadFailure, type ProductLoad } from './validation/trading.ts';
import { actions } from './marketOrder/actions.ts';
import { loaded, outputOf, payload, validate } from './marketOrder/helpers.ts';
import type {
  MarketOrderContext,
  MarketOrderEvent,
  MarketOrderInput,
  MarketOrderOutput,
  PlaceInput,
  PlaceResult,
} from './marketOrder/types.ts';

export type {
  MarketOrderContext,
  MarketOrderEvent,
  MarketOrderInput,
  MarketOrderOutput,
  OrderField,
} from './marketOrder/types.ts';
export { balancePoller, loadProduct, marketOrderActors } from './marketOrder/actors.ts';
export { validate } from './marketOrder/helpers.ts';

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
    loadFailed: ({ event }) => loadFailure(outputOf<ProductLoad>(event)) !== undefined,
    closed: ({ event }) => closedOf(outputOf<ProductLoad>(event)) !== 0,
    invalid: ({ context, event }) =>
      Object.keys(validate(loaded(context, outputOf<ProductLoad>(event))).errors).length > 0,
    placed: ({ event }) => outputOf<PlaceResult>(event).code === 0,
  },
  actions: { ...actions, pollBalance: sendTo('balancePoller', { type: 'poll' }) },
}).createMachine({
  id: 'marketOrder',
  context: ({ input }) => {
    const d = Number(input.direction);
    const ok = input.direction !== '' && input.direction !== null && (d === 0 || d === 1);
    return {
      symbol: input.symbol,
      demo: input.demo,
      rejected: !ok || input.tradeMode !== 'market',
      direction: (ok ? d : 0) as OrderDirection,
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
          { guard: 'loadFailed', target: 'loadFailed', actions: 'recordLoadFailure' },
          { guard: 'closed', target: 'unavailable', actions: 'applyLoad' },
          { target: 'editing', actions: 'applyLoad' },
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
              { guard: 'loadFailed', target: 'waiting' },
              { guard: 'closed', target: 'waiting', actions: 'applyLoad' },
              { target: '#marketOrder.editing', actions: 'applyLoad' },
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
              { guard: 'loadFailed', target: 'ready' },
              { guard: 'closed', target: '#marketOrder.unavailable', actions: 'applyLoad' },
              { target: 'ready', actions: 'applyLoad' },
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
            guard: 'loadFailed',
            target: '#marketOrder.editing.cooling',
            actions: 'recordLoadFailure',
          },
          { guard: 'closed', target: 'unavailable', actions: 'applyLoad' },
          {
            guard: 'invalid',
            target: '#marketOrder.editing.cooling',
            actions: ['applyLoad', 'showErrors'],
          },
          { target: 'placing', actions: ['applyLoad', 'settle'] },
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
          { guard: 'placed', target: 'placed', actions: 'recordOrder' },
          { target: '#marketOrder.editing.cooling', actions: 'recordFailure' },
        ],
      },
    },
    placed: { type: 'final', tags: ['done'] },
    left: { type: 'final', tags: ['done'] },
  },
  output: ({ context }) =>
    context.orderId ? { kind: 'placed', orderId: context.orderId } : { kind: 'left' },
});
