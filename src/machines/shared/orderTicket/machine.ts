/**
 * The order ticket both order forms share (issue 26): the market order
 * (src/machines/marketOrder/) and the option order (src/machines/optionOrder/)
 * load a product, keep a form open while the balance is polled each second
 * and the product refreshed each minute, re-check the product at submit and
 * hold the button for a second after a refused attempt. What is the same in
 * the two lives here once; each machine keeps its own states, names and tags.
 *
 * - {@link ticketEntry}: the context fields read from the input (the
 *   direction, and whether the screen is left at once).
 * - {@link ticketDelays}, {@link ticketGuards}, {@link ticketAssigns}: the
 *   delays, guards and assignments that read only what both contexts hold.
 * - {@link quoteOfUpdate}: the quote a `price.update` carries.
 * - {@link orderTicketStates}: the state configs, typed for
 *   `setup(…).createMachine`, parameterised by the machine's id, its load
 *   actor's name, the guard and state of a product that cannot be traded,
 *   and its placing actor, payload and record action.
 */
import type { EventObject } from 'xstate';
import type { Balance, OrderDirection } from '../../../api/types/trading.ts';
import type { TradeMode } from '../../../config/site.ts';
import {
  BALANCE_POLL_MS,
  DUPLICATE_CLICK_MS,
  PRODUCT_INFO_REFRESH_MS,
} from '../../../config/constants.ts';
import { doneOutput } from '../../events.ts';
import type { Quote } from '../../validation/trading.ts';

/** What both order machines take as input. */
export interface TicketInput {
  symbol: string;
  /** Demo account (the token's virtualStatus is not '0'): the Mock calls. */
  demo: boolean;
  /** From the route's query (or the desktop tab); anything but 0 or 1 leaves the screen. */
  direction: unknown;
  /** The current trade mode; anything but the form's own leaves the screen. */
  tradeMode: TradeMode;
}

/** The context fields both order machines hold. */
export interface TicketContext {
  symbol: string;
  demo: boolean;
  /** The input direction was not 0/1 or the mode not the form's. */
  rejected: boolean;
  direction: OrderDirection;
  balance: Balance | null;
  /** Last failing reply code (load or placement), if any. */
  failure: number | undefined;
  /** Balance requests made by the poll (each second while ready). */
  balancePolls: number;
}

/** The events both order machines take. */
export type TicketEvent =
  | { type: 'direction.change'; value: OrderDirection }
  | { type: 'price.update'; bid: number; ask: number; price: number; time: number }
  | { type: 'balance.update'; balance: Balance }
  | { type: 'form.submit' }
  | { type: 'load.retry' };

/** The context fields read from the input; `mode` is the form's own trade mode. */
export function ticketEntry(
  input: TicketInput,
  mode: TradeMode,
): Pick<TicketContext, 'symbol' | 'demo' | 'rejected' | 'direction'> {
  const d = Number(input.direction);
  const ok = input.direction !== '' && input.direction !== null && (d === 0 || d === 1);
  return {
    symbol: input.symbol,
    demo: input.demo,
    rejected: !ok || input.tradeMode !== mode,
    direction: ok && d === 1 ? 1 : 0,
  };
}

/** Is this event the ticket's event of this type (a type guard, so no cast reads it)? */
const isTicketEvent = <T extends TicketEvent['type']>(
  e: EventObject,
  type: T,
): e is Extract<TicketEvent, { type: T }> => e.type === type;

/** The quote a `price.update` carries (undefined for any other event). */
export const quoteOfUpdate = (event: EventObject): Quote | undefined =>
  isTicketEvent(event, 'price.update')
    ? { bid: event.bid, ask: event.ask, price: event.price, time: event.time }
    : undefined;

/** The balance poll (1 s), the product refresh (60 s), the duplicate-click guard (1 s). */
export const ticketDelays = {
  balancePoll: BALANCE_POLL_MS,
  infoRefresh: PRODUCT_INFO_REFRESH_MS,
  duplicateClick: DUPLICATE_CLICK_MS,
};

/** A placement's reply: code 0 is placed, any other the server's refusal. */
interface PlaceReply {
  code: number;
}

/**
 * Guards both machines spread into their setup. Their arguments are
 * annotated, so the setup's other guards must be too: TypeScript infers a
 * setup's guard params from annotated and unannotated guards together only
 * when none is context-sensitive (else the unannotated ones get `unknown`).
 */
export const ticketGuards = {
  rejected: ({ context }: { context: Pick<TicketContext, 'rejected'> }) => context.rejected,
  placed: (_: unknown, r: PlaceReply) => r.code === 0,
};

/**
 * Assignments both machines declare in their setup, each as
 * `assign(shared.…)` with `shared = ticketAssigns<TheContext>()`. The
 * context type is the machine's own: `assign` infers its context from the
 * assigner, and a setup accepts no action typed for another context (so an
 * `assign` made here, or an assigner typed for {@link TicketContext}, does
 * not compile there).
 */
export const ticketAssigns = <C extends TicketContext>() => ({
  /** A `balance.update` from the poller (any other event keeps the balance). */
  applyBalance: ({ context, event }: { context: C; event: EventObject }) => ({
    balance: isTicketEvent(event, 'balance.update') ? event.balance : context.balance,
  }),
  countPoll: ({ context }: { context: C }) => ({ balancePolls: context.balancePolls + 1 }),
  recordFailure: (_: unknown, r: PlaceReply) => ({ failure: r.code }),
});

/** How a machine names what the ticket's states refer to. */
export interface TicketNames<
  Id extends string,
  Load extends string,
  Closed extends string,
  ClosedState extends string,
  Place extends string,
  Record extends string,
  C,
  I,
> {
  /** The machine's id (the `#id.…` targets). */
  id: Id;
  /** The actor that loads the product (invoked as load, refresh and recheck). */
  load: Load;
  /** The guard on a load's output: the product cannot be traded. */
  closed: Closed;
  /** The machine's own top-level state for such a product. */
  closedState: ClosedState;
  /** The actor that places the order, with its input from the context. */
  place: Place;
  payload: (c: C) => I;
  /** The action that keeps a placed order's reply. */
  recordPlaced: Record;
}

const loadInput = ({ context }: { context: { symbol: string } }) => ({ symbol: context.symbol });
const applyLoad = { type: 'applyLoad', params: doneOutput } as const;
const loadFailed = { type: 'loadFailed', params: doneOutput } as const;
const recordLoadFailure = { type: 'recordLoadFailure', params: doneOutput } as const;

/** The balance poll: a `poll` to the poller each second, the state re-entered. */
const polling = {
  after: {
    balancePoll: { target: 'polling', reenter: true, actions: ['countPoll', 'pollBalance'] },
  },
} as const;

/** `loading` and `loadFailed` (see {@link orderTicketStates}). */
function loadingStates<
  const Load extends string,
  const Closed extends string,
  const ClosedState extends string,
>(load: Load, closed: Closed, closedState: ClosedState) {
  return {
    loading: {
      tags: ['busy', 'locked'],
      always: { guard: 'rejected', target: 'left' },
      invoke: {
        id: 'load',
        src: load,
        input: loadInput,
        onDone: [
          { guard: loadFailed, target: 'loadFailed', actions: recordLoadFailure },
          { guard: { type: closed, params: doneOutput }, target: closedState, actions: applyLoad },
          { target: 'editing', actions: applyLoad },
        ],
      },
    },
    loadFailed: {
      tags: ['locked'],
      on: { 'load.retry': { target: 'loading' } },
    },
  } as const;
}

/** `editing`'s children (see {@link orderTicketStates}). */
function editingStates<
  const Id extends string,
  const Load extends string,
  const Closed extends string,
  const ClosedState extends string,
>(id: Id, load: Load, closed: Closed, closedState: ClosedState) {
  const submit = { target: `#${id}.checking`, actions: 'startSubmit' } as const;
  return {
    initial: 'ready',
    states: {
      ready: {
        // The balance, polled every second while the form can be submitted.
        invoke: { id: 'balancePoller', src: 'balancePoller' },
        on: { 'form.submit': submit },
        after: { infoRefresh: { target: 'refreshing' } },
        initial: 'polling',
        // Re-entered every second (the 60 s refresh timer above keeps running).
        states: { polling },
      },
      refreshing: {
        // The button stays usable through the minute's refresh (it was
        // dead for its length, the click lost): a submit checks at once,
        // and the check loads the product afresh anyway.
        on: { 'form.submit': submit },
        invoke: {
          id: 'refresh',
          src: load,
          input: loadInput,
          onDone: [
            { guard: loadFailed, target: 'ready' },
            {
              guard: { type: closed, params: doneOutput },
              target: `#${id}.${closedState}`,
              actions: applyLoad,
            },
            { target: 'ready', actions: applyLoad },
          ],
        },
      },
      // Duplicate-click guard: a refused attempt holds the button for 1 s.
      cooling: { after: { duplicateClick: { target: 'ready' } } },
    },
  } as const;
}

/**
 * The states both order machines share, for `setup(…).createMachine`:
 *
 * - `loading`: left at once when the input is refused; a load that fails
 *   goes to `loadFailed` (retry), a product that cannot be traded to the
 *   machine's closed state, else `editing`.
 * - `editing`, without its `on` (each form's own events): `ready` invokes
 *   the balance poller and polls each second (`polling`); after a minute
 *   `refreshing` loads the product again with the submit still usable;
 *   `cooling` holds the button for a second after a refused attempt.
 * - `recheck`: the submit's re-check (an invoke, without its outcomes);
 *   `checkingHead`: its first three outcomes (load failed → cooling; closed
 *   → the closed state; invalid → cooling with the errors). The machine
 *   adds the one that proceeds.
 * - `placing`: the order is placed; placed → `placed`, refused → cooling
 *   with the code in `failure`.
 * - `polling`: the balance poll's state (the `polling` child of a state
 *   that invokes the poller).
 *
 * The names are literal types, so a name the machine's setup does not
 * declare (an actor, guard, action or delay) fails to compile there.
 */
export function orderTicketStates<
  const Id extends string,
  const Load extends string,
  const Closed extends string,
  const ClosedState extends string,
  const Place extends string,
  const Record extends string,
  C,
  I,
>(n: TicketNames<Id, Load, Closed, ClosedState, Place, Record, C, I>) {
  const cooling = `#${n.id}.editing.cooling` as const;
  return {
    ...loadingStates(n.load, n.closed, n.closedState),
    editing: editingStates(n.id, n.load, n.closed, n.closedState),
    recheck: { id: 'recheck', src: n.load, input: loadInput },
    checkingHead: [
      { guard: loadFailed, target: cooling, actions: recordLoadFailure },
      { guard: { type: n.closed, params: doneOutput }, target: n.closedState, actions: applyLoad },
      {
        guard: { type: 'invalid', params: doneOutput },
        target: cooling,
        actions: [applyLoad, 'showErrors'],
      },
    ],
    placing: {
      tags: ['busy'],
      invoke: {
        id: 'place',
        src: n.place,
        input: ({ context }: { context: C }) => n.payload(context),
        onDone: [
          {
            guard: { type: 'placed', params: doneOutput },
            target: 'placed',
            actions: { type: n.recordPlaced, params: doneOutput },
          },
          { target: cooling, actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    polling,
  } as const;
}
