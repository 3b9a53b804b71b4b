/**
 * The option order machine's actions, passed to setup({ actions }): loads,
 * edits, submit results (pollBalance, a sendTo, stays in the machine's setup).
 */
import { assign as assignTo, type ActionFunction } from 'xstate';
import { sanitizeNumber } from '../validation/number-input.ts';
import {
  optionLoadFailure,
  payoutRate,
  type DeliveryTime,
  type OptionLoad,
} from '../validation/trading.ts';
import { loaded, outputOf, termOf, validateOption } from './helpers.ts';
import type { OptionOrderContext, OptionOrderEvent, PlaceResult } from './types.ts';

type Action = ActionFunction<
  OptionOrderContext,
  OptionOrderEvent,
  OptionOrderEvent,
  undefined,
  never,
  never,
  never,
  never,
  never
>;

/** `assign` bound to the machine's context and events (setup infers them only inline). */
const assign = assignTo<OptionOrderContext, OptionOrderEvent, undefined, OptionOrderEvent, never>;

export const actions = {
  applyLoad: assign(({ context, event }) => loaded(context, outputOf<OptionLoad>(event))),
  recordLoadFailure: assign(({ event }) => ({
    failure: optionLoadFailure(outputOf<OptionLoad>(event)),
  })),
  showClosed: assign({ notice: 'index.closed' as const }),
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
  recordFailure: assign(({ event }) => ({ failure: outputOf<PlaceResult>(event).code })),
  recordPlaced: assign(({ context, event }) => {
    const data = outputOf<PlaceResult>(event).data as { uid: string; beginTime: number };
    const timeLong = (termOf(context) as DeliveryTime).timeLong;
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
} satisfies Record<string, Action>;
