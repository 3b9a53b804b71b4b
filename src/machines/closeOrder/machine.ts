/**
 * Close an open position or cancel a pending order (trading.md §4 "Market
 * order", §7 closeOrder / cancelOrder and their Mock variants, §8 codes 402–409).
 *
 * - An open order (positionStatus 2, or buyPoint 2 when the status is not
 *   given) is closed; a pending one (positionStatus 1, or buyPoint 1) is
 *   cancelled. A pending order that has since filled is open, so it is closed.
 * - Both go through a confirm step that shows volume, direction and price
 *   (the current price for a close, the pending price for a cancel). A
 *   close's price is live: `price.update` (the closing side of the quote)
 *   keeps it current until the user confirms.
 * - A position is closed by hand only 3 minutes after its fill (§8 409, §9):
 *   until then the machine `waiting` (tag `waiting`) takes no confirm, and
 *   `secondsLeft` counts down on the server's clock, from `clock.tick`
 *   events (the server time now) that the view sends while it waits, so the
 *   refusal is shown before the press (issue 25), not after it.
 * - `confirm.open` is a press of the close itself (only taken when it can
 *   confirm). `confirm.request` is a press made elsewhere (a table row's own
 *   Close) that asks for the confirm: taken at once when it can, else held
 *   while the close waits and acted on as soon as the close is allowed. The
 *   machine, not the view, decides when the confirm opens.
 * - Submitting is busy (no second submit). Success ends in `done`; a refusal
 *   (402 no such order, 403 not yours, 404 not open, 407/408 not cancellable,
 *   409 when the server's clock disagrees with the one the client learned…)
 *   is shown by the client, and the machine goes back to `idle` keeping the
 *   code in `failure`.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { MarketOrder, OrderDirection } from '../../api/types/trading.ts';
import { MANUAL_CLOSE_AFTER_MS } from '../../config/constants.ts';
import { doneOutput } from '../events.ts';
import { noticeEvent, type NoticeEvent } from '../notice.ts';

export type CloseAction = 'close' | 'cancel';

/** What the positions list knows of the order. */
export type CloseOrderTarget = Pick<
  MarketOrder,
  'id' | 'buyPoint' | 'orderType' | 'orderQuantity' | 'openingPrice' | 'currentPrice'
> &
  Partial<Pick<MarketOrder, 'positionStatus' | 'tradePair' | 'transactionTimeTs'>>;

export interface CloseOrderInput {
  order: CloseOrderTarget;
  /** Demo account: the Mock calls. */
  demo: boolean;
  /** The server's time now (epoch ms), as the client knows it (state/server-clock.ts). */
  now: number;
}

interface CloseOrderContext {
  orderId: string;
  action: CloseAction;
  demo: boolean;
  /** What the confirm dialog shows. */
  confirm: { volume: number; direction: OrderDirection; price: number };
  /** Server time from which a close is allowed (fill + 3 minutes); 0 when nothing waits. */
  allowedAt: number;
  /** Whole seconds until then, as the last clock tick saw it (0 once allowed). */
  secondsLeft: number;
  /** Last refusal code, if any (cleared by a success). */
  failure: number | undefined;
  /** A confirm asked for (`confirm.request`) while the close waited: opened once it may be. */
  requested: boolean;
}

type CloseOrderEvent =
  | { type: 'confirm.open' }
  /** A press made elsewhere (the row's Close): confirm when the close can, holding it till then. */
  | { type: 'confirm.request' }
  | { type: 'confirm.cancel' }
  | { type: 'confirm.accept' }
  /** The price the position would close at now (bid for a buy, ask for a sell). */
  | { type: 'price.update'; price: number }
  /** The server's time now (epoch ms): the view sends it while a close waits. */
  | { type: 'clock.tick'; now: number };

interface CloseOrderOutput {
  orderId: string;
  action: CloseAction;
}

/** Close or cancel, on a real account or (the Mock variant) a demo one: the same reply. */
export type SubmitResult = CallResult<
  'closeOrder' | 'closeOrderMock' | 'cancelOrder' | 'cancelOrderMock'
>;
export type SubmitInput = { orderId: string; action: CloseAction; demo: boolean };

/** Whole seconds from `now` until `at` (0 once reached). */
export const secondsUntil = (at: number, now: number): number =>
  Math.max(0, Math.ceil((at - now) / 1000));

/** Close or cancel, whichever the order needs. */
export const actionOf = (o: CloseOrderTarget): CloseAction => {
  if (o.positionStatus === 1) return 'cancel';
  if (o.positionStatus === 2) return 'close';
  return o.buyPoint === 1 ? 'cancel' : 'close';
};

/** Server time from which the order may be closed by hand (fill + 3 minutes); 0 when nothing waits. */
export const closeAllowedAt = (o: CloseOrderTarget): number =>
  actionOf(o) === 'close' && o.transactionTimeTs ? o.transactionTimeTs + MANUAL_CLOSE_AFTER_MS : 0;

export const closeOrderMachine = setup({
  types: {
    context: {} as CloseOrderContext,
    events: {} as CloseOrderEvent,
    input: {} as CloseOrderInput,
    output: {} as CloseOrderOutput,
    emitted: {} as NoticeEvent,
  },
  actors: {
    submitClose: fromPromise<SubmitResult, SubmitInput>(async () => {
      throw new Error('closeOrderMachine: provide submitClose');
    }),
  },
  guards: {
    succeeded: (_, p: SubmitResult) => p.code === 0,
    closing: ({ context }) => context.action === 'close',
    allowed: ({ context }) => context.secondsLeft === 0,
    allowedAndRequested: ({ context }) => context.secondsLeft === 0 && context.requested,
  },
  actions: {
    /** A cancel is said here; a close is reported with its fill by the view (trade-results). */
    announceCancelled: enqueueActions(({ context, enqueue }) => {
      if (context.action === 'cancel') enqueue.emit(noticeEvent('tips.operation_success'));
    }),
    countDown: assign(({ context, event }) =>
      event.type === 'clock.tick'
        ? { secondsLeft: secondsUntil(context.allowedAt, event.now) }
        : {},
    ),
    livePrice: assign(({ context, event }) =>
      event.type === 'price.update' ? { confirm: { ...context.confirm, price: event.price } } : {},
    ),
    recordFailure: assign((_, p: SubmitResult) => ({ failure: p.code })),
    clearFailure: assign({ failure: undefined }),
    hold: assign({ requested: true }),
    release: assign({ requested: false }),
  },
}).createMachine({
  id: 'closeOrder',
  context: ({ input }) => {
    const action = actionOf(input.order);
    const allowedAt = closeAllowedAt(input.order);
    return {
      orderId: input.order.id,
      action,
      demo: input.demo,
      confirm: {
        volume: input.order.orderQuantity,
        direction: input.order.orderType,
        price: action === 'close' ? input.order.currentPrice : input.order.openingPrice,
      },
      allowedAt,
      secondsLeft: secondsUntil(allowedAt, input.now),
      failure: undefined,
      requested: false,
    };
  },
  initial: 'waiting',
  states: {
    waiting: {
      tags: ['waiting'],
      always: [
        { guard: 'allowedAndRequested', target: 'confirming', actions: 'release' },
        { guard: 'allowed', target: 'idle' },
      ],
      on: {
        'confirm.request': { actions: 'hold' },
        'clock.tick': { actions: 'countDown' },
        'price.update': { guard: 'closing', actions: 'livePrice' },
      },
    },
    idle: {
      on: {
        'confirm.open': { target: 'confirming' },
        'confirm.request': { target: 'confirming' },
        'price.update': { guard: 'closing', actions: 'livePrice' },
      },
    },
    confirming: {
      tags: ['confirm'],
      on: {
        'confirm.cancel': { target: 'idle' },
        'confirm.accept': { target: 'submitting' },
        'price.update': { guard: 'closing', actions: 'livePrice' },
      },
    },
    submitting: {
      tags: ['busy', 'confirm'],
      invoke: {
        id: 'submit',
        src: 'submitClose',
        input: ({ context }) => ({
          orderId: context.orderId,
          action: context.action,
          demo: context.demo,
        }),
        onDone: [
          {
            guard: { type: 'succeeded', params: doneOutput },
            target: 'done',
            actions: ['clearFailure', 'announceCancelled'],
          },
          { target: 'idle', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    done: { type: 'final', tags: ['done'] },
  },
  output: ({ context }) => ({ orderId: context.orderId, action: context.action }),
});
