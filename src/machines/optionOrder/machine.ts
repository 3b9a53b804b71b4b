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
import Big from 'big.js';
import { assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type {
  AddOptionPayload,
  Balance,
  OptionProduct,
  OrderDirection,
} from '../../api/types/trading.ts';
import type { TradeMode } from '../../config/site.ts';
import {
  BALANCE_POLL_MS,
  DUPLICATE_CLICK_MS,
  PRODUCT_INFO_REFRESH_MS,
} from '../../config/constants.ts';
import { doneOutput } from '../events.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { sanitizeNumber } from '../validation/number-input.ts';
import {
  checkAmount,
  checkBalance,
  checkDelivery,
  optionLoadFailure,
  optionProductOf,
  optionTradable,
  parseDeliveryTimes,
  payoutRate,
  quoteOf,
  type DeliveryTime,
  type OptionLoad,
  type Quote,
} from '../validation/trading.ts';

// ── Input, context, events, output ──

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
  /** The flow ended because the product cannot be traded (the output says so). */
  closed: boolean;
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

/** A real account places with addOrderOption, a demo one with its mock variant (same reply). */
export type PlaceResult = CallResult<'addOrderOption'> | CallResult<'addOrderOptionMock'>;
export type PlaceInput = Omit<AddOptionPayload, 'token'> & { demo: boolean };

// ── Readers and rules ──

const termOf = (c: OptionOrderContext): DeliveryTime | undefined =>
  c.delivery === undefined ? undefined : c.deliveries[c.delivery];

/**
 * What placing takes from the balance: the amount plus the product's fee
 * (§3 option product feeRate, a fraction of the amount, rounded up to the cent).
 */
export const stakeOf = (c: Pick<OptionOrderContext, 'amount' | 'product'>): string => {
  const amount = new Big(c.amount || 0);
  return amount.plus(amount.times(c.product?.feeRate ?? 0).round(2, Big.roundUp)).toFixed(2);
};

/** Every rule checked at submit, against the values just re-fetched. */
function validateOption(c: OptionOrderContext): OptionOrderContext['errors'] {
  const term = termOf(c);
  const errors: OptionOrderContext['errors'] = {
    delivery: checkDelivery(term),
    amount: checkAmount(c.amount, term),
  };
  if (!errors.amount) errors.balance = checkBalance(stakeOf(c), c.balance?.balanceAmount);
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v));
}

/** The context once a load's results are in (a failed load keeps what was known). */
function loaded(c: OptionOrderContext, l: OptionLoad): OptionOrderContext {
  if (optionLoadFailure(l) !== undefined) return c;
  const product = optionProductOf(l) ?? null;
  const deliveries = parseDeliveryTimes(product?.timeRatePayload);
  // Keep the chosen delivery time when it is still offered.
  const chosen = termOf(c);
  const i = chosen ? deliveries.findIndex((d) => d.timeLong === chosen.timeLong) : -1;
  const delivery = i >= 0 ? i : undefined;
  const term = delivery === undefined ? undefined : deliveries[delivery];
  return {
    ...c,
    product,
    deliveries,
    delivery,
    chips: term?.chips ?? [],
    payoutRate: payoutRate(term),
    quote: quoteOf(l.quote, c.quote),
    balance: l.balance.data ?? c.balance,
  };
}

/** The chosen delivery time once the rules passed (checkDelivery): placing has one. */
const placedTerm = (c: OptionOrderContext): DeliveryTime => {
  const term = termOf(c);
  if (!term) throw new Error('optionOrderMachine: no delivery time chosen');
  return term;
};

const payload = (c: OptionOrderContext): PlaceInput => {
  const term = placedTerm(c);
  return {
    demo: c.demo,
    tradePair: c.symbol,
    optionsProductId: c.product?.id ?? '',
    price: c.quote?.price ?? 0,
    timeLong: term.timeLong,
    btime: c.quote?.time ?? 0,
    rate: term.profitRate,
    amount: Number(c.amount),
    orderType: c.direction,
  };
};

export const optionOrderMachine = setup({
  types: {
    context: {} as OptionOrderContext,
    events: {} as OptionOrderEvent,
    input: {} as OptionOrderInput,
    output: {} as OptionOrderOutput,
    emitted: {} as NoticeEvent,
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
    loadFailed: (_, l: OptionLoad) => optionLoadFailure(l) !== undefined,
    notTradable: (_, l: OptionLoad) => !optionTradable(l),
    invalid: ({ context }, l: OptionLoad) =>
      Object.keys(validateOption(loaded(context, l))).length > 0,
    placed: (_, r: PlaceResult) => r.code === 0,
  },
  actions: {
    applyLoad: assign(({ context }, l: OptionLoad) => loaded(context, l)),
    recordLoadFailure: assign((_, l: OptionLoad) => ({
      failure: optionLoadFailure(l),
    })),
    markClosed: assign({ closed: true }),
    showClosed: say('index.closed', 'info'),
    applyBalance: assign(({ context, event }) =>
      event.type === 'balance.update' ? { balance: event.balance } : { balance: context.balance },
    ),
    countPoll: assign(({ context }) => ({ balancePolls: context.balancePolls + 1 })),
    selectDelivery: assign(({ context, event }) => {
      if (event.type !== 'delivery.select') return {};
      const term = context.deliveries[event.index];
      if (!term) return {};
      return {
        delivery: event.index,
        chips: term.chips,
        payoutRate: payoutRate(term),
        errors: { ...context.errors, delivery: undefined, amount: undefined },
      };
    }),
    editAmount: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            amount: sanitizeNumber(event.value),
            errors: { ...context.errors, amount: undefined, balance: undefined },
          }
        : {},
    ),
    pickChip: assign(({ context, event }) =>
      event.type === 'chip.select'
        ? {
            amount: String(event.value),
            errors: { ...context.errors, amount: undefined, balance: undefined },
          }
        : {},
    ),
    setDirection: assign(({ event }) =>
      event.type === 'direction.change' ? { direction: event.value } : {},
    ),
    updatePrice: assign(({ event }) =>
      event.type === 'price.update'
        ? { quote: { bid: event.bid, ask: event.ask, price: event.price, time: event.time } }
        : {},
    ),
    startSubmit: assign({ failure: undefined }),
    showErrors: assign(({ context }) => ({ errors: validateOption(context) })),
    recordFailure: assign((_, r: PlaceResult) => ({ failure: r.code })),
    recordPlaced: assign(({ context }, r: PlaceResult) => {
      // A placed option (code 0) always carries its uid and begin time.
      const data = r.data!;
      const timeLong = placedTerm(context).timeLong;
      return {
        errors: {},
        placed: {
          uid: String(data.uid),
          beginTime: data.beginTime,
          endTime: data.beginTime + timeLong * 1000,
          timeLong,
        },
      };
    }),
    pollBalance: sendTo('balancePoller', { type: 'poll' }),
  },
}).createMachine({
  id: 'optionOrder',
  context: ({ input }) => {
    const d = Number(input.direction);
    const ok = input.direction !== '' && input.direction !== null && (d === 0 || d === 1);
    const direction: OrderDirection = ok && d === 1 ? 1 : 0;
    return {
      symbol: input.symbol,
      demo: input.demo,
      rejected: !ok || input.tradeMode !== 'option',
      direction,
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
      closed: false,
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
          {
            guard: { type: 'loadFailed', params: doneOutput },
            target: 'loadFailed',
            actions: { type: 'recordLoadFailure', params: doneOutput },
          },
          {
            guard: { type: 'notTradable', params: doneOutput },
            target: 'closed',
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
              { guard: { type: 'loadFailed', params: doneOutput }, target: 'ready' },
              {
                guard: { type: 'notTradable', params: doneOutput },
                target: '#optionOrder.closed',
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
        src: 'loadOption',
        input: ({ context }) => ({ symbol: context.symbol }),
        onDone: [
          {
            guard: { type: 'loadFailed', params: doneOutput },
            target: '#optionOrder.editing.cooling',
            actions: { type: 'recordLoadFailure', params: doneOutput },
          },
          {
            guard: { type: 'notTradable', params: doneOutput },
            target: 'closed',
            actions: { type: 'applyLoad', params: doneOutput },
          },
          {
            guard: { type: 'invalid', params: doneOutput },
            target: '#optionOrder.editing.cooling',
            actions: [{ type: 'applyLoad', params: doneOutput }, 'showErrors'],
          },
          { target: 'placing', actions: { type: 'applyLoad', params: doneOutput } },
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
          {
            guard: { type: 'placed', params: doneOutput },
            target: 'placed',
            actions: { type: 'recordPlaced', params: doneOutput },
          },
          {
            target: '#optionOrder.editing.cooling',
            actions: { type: 'recordFailure', params: doneOutput },
          },
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
    closed: { type: 'final', tags: ['done', 'closed'], entry: ['markClosed', 'showClosed'] },
    left: { type: 'final', tags: ['done'] },
  },
  output: ({ context }): OptionOrderOutput => {
    return context.closed ? { kind: 'closed' } : { kind: 'left' };
  },
});
