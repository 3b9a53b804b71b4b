/**
 * Place an option order (trading.md §2 "Place option order", §3 "Option
 * product", §4 "Order form", §5 "Option order", §7, §8 trade codes).
 *
 * - Entry: the screen is left when the direction is not 0 (buy long) or 1
 *   (buy short), or the trade mode is not option.
 * - Loads the symbol's option product (findOptionsProduct, page 1, limit 1),
 *   market status, quote and balance; the balance is polled every 1 s while
 *   the form is shown, and the product re-loaded every 60 s (§7 "Product
 *   info refreshes every 60 s"). A product that is missing, not tradable, or
 *   whose market is not open ends in `closed` (message index.closed; the view
 *   goes back), at entry, at a refresh or at submit.
 * - Delivery times come from the product's timeRatePayload
 *   (`duration|profitRate^chips^max|min^label`); choosing one shows its chips
 *   and its payout rate (profitRate / 100).
 * - Submit re-fetches everything, validates (delivery_empty_rule,
 *   amount_empty_rule, amount_positive_int_rule, amount_range_rule with the max
 *   only when > 0, insufficient_balance) and places addOrderOption, or
 *   addOrderOptionMock on a demo account, priced at the re-fetched quote (its
 *   mid as price, its tick time as btime). Busy and duplicate-click guarded as
 *   the market form.
 * - Success moves to `placed` with {uid, beginTime, endTime, timeLong} in
 *   `context.placed` for the settlement machine; the balance keeps being
 *   polled there, so "Available" shows the stake leave and the payout come
 *   back. A refusal returns to editing with the code in `failure`.
 */
import { fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import type { OrderDirection } from '../api/types/trading.ts';
import {
  BALANCE_POLL_MS,
  DUPLICATE_CLICK_MS,
  PRODUCT_INFO_REFRESH_MS,
} from '../config/constants.ts';
import { optionLoadFailure, optionTradable, type OptionLoad } from './validation/trading.ts';
import { actions } from './optionOrder/actions.ts';
import { loaded, outputOf, payload, validateOption } from './optionOrder/helpers.ts';
import type {
  OptionOrderContext,
  OptionOrderEvent,
  OptionOrderInput,
  OptionOrderOutput,
  PlaceInput,
  PlaceResult,
} from './optionOrder/types.ts';

export type {
  OptionOrderContext,
  OptionOrderEvent,
  OptionOrderInput,
  OptionOrderOutput,
  PlacedOption,
} from './optionOrder/types.ts';
export { loadOption, optionOrderActors } from './optionOrder/actors.ts';
export { validateOption } from './optionOrder/helpers.ts';

export const optionOrderMachine = setup({
  types: {
    context: {} as OptionOrderContext,
    events: {} as OptionOrderEvent,
    input: {} as OptionOrderInput,
    output: {} as OptionOrderOutput,
  },
  actors: {
    loadOption: fromPromise<OptionLoad, { symbol: string }>(async () => {
      throw new Error('optionOrderMachine: provide loadOption');
    }),
    balancePoller: fromCallback<EventObject>(() => {
      throw new Error('optionOrderMachine: provide balancePoller');
    }),
    placeOption: fromPromise<PlaceResult, PlaceInput>(async () => {
      throw new Error('optionOrderMachine: provide placeOption');
    }),
  },
  delays: {
    balancePoll: BALANCE_POLL_MS,
    infoRefresh: PRODUCT_INFO_REFRESH_MS,
    duplicateClick: DUPLICATE_CLICK_MS,
  },
  guards: {
    rejected: ({ context }) => context.rejected,
    loadFailed: ({ event }) => optionLoadFailure(outputOf<OptionLoad>(event)) !== undefined,
    notTradable: ({ event }) => !optionTradable(outputOf<OptionLoad>(event)),
    invalid: ({ context, event }) =>
      Object.keys(validateOption(loaded(context, outputOf<OptionLoad>(event)))).length > 0,
    placed: ({ event }) => outputOf<PlaceResult>(event).code === 0,
  },
  actions: { ...actions, pollBalance: sendTo('balancePoller', { type: 'poll' }) },
}).createMachine({
  id: 'optionOrder',
  context: ({ input }) => {
    const d = Number(input.direction);
    const ok = input.direction !== '' && input.direction !== null && (d === 0 || d === 1);
    return {
      symbol: input.symbol,
      demo: input.demo,
      rejected: !ok || input.tradeMode !== 'option',
      direction: (ok ? d : 0) as OrderDirection,
      product: null,
      deliveries: [],
      delivery: undefined,
      amount: '',
      chips: [],
      payoutRate: undefined,
      quote: null,
      balance: null,
      errors: {},
      failure: undefined,
      notice: undefined,
      placed: undefined,
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
        src: 'loadOption',
        input: ({ context }) => ({ symbol: context.symbol }),
        onDone: [
          { guard: 'loadFailed', target: 'loadFailed', actions: 'recordLoadFailure' },
          { guard: 'notTradable', target: 'closed', actions: ['applyLoad', 'showClosed'] },
          { target: 'editing', actions: 'applyLoad' },
        ],
      },
    },
    loadFailed: {
      tags: ['locked'],
      on: { 'load.retry': { target: 'loading' } },
    },
    editing: {
      on: {
        'delivery.select': { actions: 'selectDelivery' },
        'field.change': { actions: 'editAmount' },
        'chip.select': { actions: 'pickChip' },
        'direction.change': { actions: 'setDirection' },
        'price.update': { actions: 'updatePrice' },
        'balance.update': { actions: 'applyBalance' },
      },
      initial: 'ready',
      states: {
        ready: {
          invoke: { id: 'balancePoller', src: 'balancePoller' },
          on: { 'form.submit': { target: '#optionOrder.checking', actions: 'startSubmit' } },
          after: { infoRefresh: { target: 'refreshing' } },
          initial: 'polling',
          states: {
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
          on: { 'form.submit': { target: '#optionOrder.checking', actions: 'startSubmit' } },
          invoke: {
            id: 'refresh',
            src: 'loadOption',
            input: ({ context }) => ({ symbol: context.symbol }),
            onDone: [
              { guard: 'loadFailed', target: 'ready' },
              {
                guard: 'notTradable',
                target: '#optionOrder.closed',
                actions: ['applyLoad', 'showClosed'],
              },
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
        src: 'loadOption',
        input: ({ context }) => ({ symbol: context.symbol }),
        onDone: [
          {
            guard: 'loadFailed',
            target: '#optionOrder.editing.cooling',
            actions: 'recordLoadFailure',
          },
          { guard: 'notTradable', target: 'closed', actions: ['applyLoad', 'showClosed'] },
          {
            guard: 'invalid',
            target: '#optionOrder.editing.cooling',
            actions: ['applyLoad', 'showErrors'],
          },
          { target: 'placing', actions: 'applyLoad' },
        ],
      },
    },
    placing: {
      tags: ['busy'],
      invoke: {
        id: 'place',
        src: 'placeOption',
        input: ({ context }) => payload(context),
        onDone: [
          { guard: 'placed', target: 'placed', actions: 'recordPlaced' },
          { target: '#optionOrder.editing.cooling', actions: 'recordFailure' },
        ],
      },
    },
    // Placed: the view shows the option's drawers; the balance is still polled.
    placed: {
      tags: ['placed'],
      invoke: { id: 'balancePoller', src: 'balancePoller' },
      on: { 'balance.update': { actions: 'applyBalance' } },
      initial: 'polling',
      states: {
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
    closed: { type: 'final', tags: ['done', 'closed'] },
    left: { type: 'final', tags: ['done'] },
  },
  output: ({ context }): OptionOrderOutput => {
    return context.notice ? { kind: 'closed' } : { kind: 'left' };
  },
});
