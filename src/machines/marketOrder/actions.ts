/**
 * The market order machine's actions, passed to setup({ actions }): loads,
 * edits, submit results (pollBalance, a sendTo, stays in the machine's setup).
 */
import { assign as assignTo, type ActionFunction } from 'xstate';
import { sanitizeNumber } from '../validation/number-input.ts';
import {
  checkPendingPrice,
  loadFailure,
  precisionOf,
  settleVolume,
  typeVolume,
  volumePrecision,
  type ProductLoad,
} from '../validation/trading.ts';
import { derive, loaded, outputOf, stopError, validate } from './helpers.ts';
import type { MarketOrderContext, MarketOrderEvent, PlaceResult } from './types.ts';

type Action = ActionFunction<
  MarketOrderContext,
  MarketOrderEvent,
  MarketOrderEvent,
  undefined,
  never,
  never,
  never,
  never,
  never
>;

/** `assign` bound to the machine's context and events (setup infers them only inline). */
const assign = assignTo<MarketOrderContext, MarketOrderEvent, undefined, MarketOrderEvent, never>;

export const actions = {
  applyLoad: assign(({ context, event }) => loaded(context, outputOf<ProductLoad>(event))),
  recordLoadFailure: assign(({ event }) => ({
    failure: loadFailure(outputOf<ProductLoad>(event)),
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
  recordFailure: assign(({ event }) => ({ failure: outputOf<PlaceResult>(event).code })),
  recordOrder: assign(({ event }) => ({
    orderId: String(outputOf<PlaceResult>(event).data),
    errors: {},
  })),
} satisfies Record<string, Action>;
