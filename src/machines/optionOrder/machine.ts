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
import { feeOfNotional } from '../../api/order-rules.ts';
import type { AddOptionPayload, OptionProduct, OrderDirection } from '../../api/types/trading.ts';
import { doneOutput } from '../events.ts';
import { say, type NoticeEvent } from '../notice.ts';
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

/** The shared ticket's input; a trade mode other than 'option' leaves the screen. */
export type OptionOrderInput = TicketInput;

/** What the settlement machine needs of a placed option. */
export interface PlacedOption {
  uid: string;
  beginTime: number;
  endTime: number;
  /** Seconds. */
  timeLong: number;
  /** What was bought, for the success drawer: the product, the side, the stake and its rate (percent). */
  symbol: string;
  direction: OrderDirection;
  amount: number;
  profitRate: number;
}

export interface OptionOrderContext extends TicketContext {
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
  errors: Partial<Record<'delivery' | 'amount' | 'balance', string>>;
  /** The flow ended because the product cannot be traded (the output says so). */
  closed: boolean;
  placed: PlacedOption | undefined;
}

export type OptionOrderEvent =
  | TicketEvent
  | { type: 'delivery.select'; index: number }
  | { type: 'field.change'; field: 'amount'; value: string }
  | { type: 'field.blur'; field: 'amount' }
  | { type: 'chip.select'; value: number };

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
  return amount.plus(feeOfNotional(amount, c.product?.feeRate ?? 0)).toFixed(2);
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

const shared = ticketAssigns<OptionOrderContext>();

const ticket = orderTicketStates({
  id: 'optionOrder',
  load: 'loadOption',
  closed: 'notTradable',
  closedState: 'closed',
  place: 'placeOption',
  payload,
  recordPlaced: 'recordPlaced',
});

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
  delays: ticketDelays,
  guards: {
    // Each guard's arguments are annotated: beside the shared (annotated) ones, an unannotated
    // guard would have its params inferred as unknown.
    ...ticketGuards,
    loadFailed: (_: unknown, l: OptionLoad) => optionLoadFailure(l) !== undefined,
    notTradable: (_: unknown, l: OptionLoad) => !optionTradable(l),
    invalid: ({ context }: { context: OptionOrderContext }, l: OptionLoad) =>
      Object.keys(validateOption(loaded(context, l))).length > 0,
  },
  actions: {
    applyLoad: assign(({ context }, l: OptionLoad) => loaded(context, l)),
    recordLoadFailure: assign((_, l: OptionLoad) => ({
      failure: optionLoadFailure(l),
    })),
    markClosed: assign({ closed: true }),
    showClosed: say('index.closed', 'info'),
    applyBalance: assign(shared.applyBalance),
    countPoll: assign(shared.countPoll),
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
    // Leaving the amount says what is wrong with it at once, as the market form's fields do;
    // an empty field waits for submit (nothing typed yet is not a mistake).
    checkTypedAmount: assign(({ context }) =>
      context.amount === ''
        ? {}
        : { errors: { ...context.errors, amount: checkAmount(context.amount, termOf(context)) } },
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
    updatePrice: assign(({ event }) => {
      const quote = quoteOfUpdate(event);
      return quote ? { quote } : {};
    }),
    startSubmit: assign({ failure: undefined }),
    showErrors: assign(({ context }) => ({ errors: validateOption(context) })),
    recordFailure: assign(shared.recordFailure),
    recordPlaced: assign(({ context }, r: PlaceResult) => {
      // A placed option (code 0) always carries its uid and begin time.
      const data = r.data!;
      const { timeLong, profitRate } = placedTerm(context);
      return {
        errors: {},
        placed: {
          uid: String(data.uid),
          beginTime: data.beginTime,
          endTime: data.beginTime + timeLong * 1000,
          timeLong,
          symbol: context.symbol,
          direction: context.direction,
          amount: Number(context.amount),
          profitRate,
        },
      };
    }),
    pollBalance: sendTo('balancePoller', { type: 'poll' }),
  },
}).createMachine({
  id: 'optionOrder',
  context: ({ input }) => {
    return {
      ...ticketEntry(input, 'option'),
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
    loading: ticket.loading,
    loadFailed: ticket.loadFailed,
    editing: {
      on: {
        'delivery.select': { actions: 'selectDelivery' },
        'field.change': { actions: 'editAmount' },
        'field.blur': { actions: 'checkTypedAmount' },
        'chip.select': { actions: 'pickChip' },
        'direction.change': { actions: 'setDirection' },
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
          { target: 'placing', actions: { type: 'applyLoad', params: doneOutput } },
        ],
      },
    },
    placing: ticket.placing,
    // Placed: the view shows the option's drawers; the balance is still polled.
    placed: {
      tags: ['placed'],
      invoke: { id: 'balancePoller', src: 'balancePoller' },
      on: { 'balance.update': { actions: 'applyBalance' } },
      initial: 'polling',
      states: { polling: ticket.polling },
    },
    closed: { type: 'final', tags: ['done', 'closed'], entry: ['markClosed', 'showClosed'] },
    left: { type: 'final', tags: ['done'] },
  },
  output: ({ context }): OptionOrderOutput => {
    return context.closed ? { kind: 'closed' } : { kind: 'left' };
  },
});
