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
 * - Submitting is busy (no second submit). Success ends in `done`; a refusal
 *   (402 no such order, 403 not yours, 404 not open, 407/408 not cancellable,
 *   409 within 3 minutes of the fill…) is shown by the client, and the machine
 *   goes back to `idle` keeping the code in `failure`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient, CallResult } from '../api/client.ts';
import { mockVariant } from '../api/contract.ts';
import type { MarketOrder, OrderDirection } from '../api/types/trading.ts';
import { session } from '../state/session.ts';
import { outputOf } from './events.ts';

export type CloseAction = 'close' | 'cancel';

/** What the positions list knows of the order. */
export type CloseOrderTarget = Pick<
  MarketOrder,
  'id' | 'buyPoint' | 'orderType' | 'orderQuantity' | 'openingPrice' | 'currentPrice'
> &
  Partial<Pick<MarketOrder, 'positionStatus' | 'tradePair'>>;

export interface CloseOrderInput {
  order: CloseOrderTarget;
  /** Demo account: the Mock calls. */
  demo: boolean;
}

export interface CloseOrderContext {
  orderId: string;
  action: CloseAction;
  demo: boolean;
  /** What the confirm dialog shows. */
  confirm: { volume: number; direction: OrderDirection; price: number };
  /** Last refusal code, if any (cleared by a success). */
  failure: number | undefined;
}

export type CloseOrderEvent =
  | { type: 'confirm.open' }
  | { type: 'confirm.cancel' }
  | { type: 'confirm.accept' }
  /** The price the position would close at now (bid for a buy, ask for a sell). */
  | { type: 'price.update'; price: number };

export interface CloseOrderOutput {
  orderId: string;
  action: CloseAction;
}

type SubmitResult = CallResult<'closeOrder'>;
type SubmitInput = { orderId: string; action: CloseAction; demo: boolean };

/** Close or cancel, whichever the order needs. */
export const actionOf = (o: CloseOrderTarget): CloseAction => {
  if (o.positionStatus === 1) return 'cancel';
  if (o.positionStatus === 2) return 'close';
  return o.buyPoint === 1 ? 'cancel' : 'close';
};

export const closeOrderActors = (
  api: ApiClient,
  token: () => string | undefined = () => session.token,
) => ({
  submitClose: fromPromise<SubmitResult, SubmitInput>(({ input }) => {
    const real = input.action === 'close' ? 'closeOrder' : 'cancelOrder';
    return api.call(input.demo ? mockVariant[real] : real, {
      orderId: input.orderId,
      token: token() ?? '',
    }) as Promise<SubmitResult>;
  }),
});

export const closeOrderMachine = setup({
  types: {
    context: {} as CloseOrderContext,
    events: {} as CloseOrderEvent,
    input: {} as CloseOrderInput,
    output: {} as CloseOrderOutput,
  },
  actors: {
    submitClose: fromPromise<SubmitResult, SubmitInput>(async () => {
      throw new Error('closeOrderMachine: provide submitClose');
    }),
  },
  guards: {
    succeeded: ({ event }) => outputOf<SubmitResult>(event).code === 0,
    closing: ({ context }) => context.action === 'close',
  },
  actions: {
    livePrice: assign(({ context, event }) =>
      event.type === 'price.update' ? { confirm: { ...context.confirm, price: event.price } } : {},
    ),
    recordFailure: assign(({ event }) => ({ failure: outputOf<SubmitResult>(event).code })),
    clearFailure: assign({ failure: undefined }),
  },
}).createMachine({
  id: 'closeOrder',
  context: ({ input }) => {
    const action = actionOf(input.order);
    return {
      orderId: input.order.id,
      action,
      demo: input.demo,
      confirm: {
        volume: input.order.orderQuantity,
        direction: input.order.orderType,
        price: action === 'close' ? input.order.currentPrice : input.order.openingPrice,
      },
      failure: undefined,
    };
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'confirm.open': { target: 'confirming' },
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
          { guard: 'succeeded', target: 'done', actions: 'clearFailure' },
          { target: 'idle', actions: 'recordFailure' },
        ],
      },
    },
    done: { type: 'final', tags: ['done'] },
  },
  output: ({ context }) => ({ orderId: context.orderId, action: context.action }),
});
