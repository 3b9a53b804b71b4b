/**
 * What the order tickets' path specs share (tests/flows/marketOrder/paths.ts,
 * tests/flows/optionOrder/paths.ts; machines in src/machines/shared/orderTicket/):
 * the account and the product, the reply samples, the moves of the shared
 * states, the set-up, the prices and the market conditions arranged in the
 * simulator, and the checks of the shared states that hold in both.
 *
 * Conditional checks stay in each spec (their `reached` labels are the
 * spec's, scanned there); nothing here asserts under a condition.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { T0 } from '../../support/sim.ts';
import type { ForcedReply } from '../../../src/simulator/scenarios.ts';
import type { PathContext, PathSpec } from '../../paths/framework.ts';

type Snap = Parameters<PathSpec['states'][string]>[0];
type World = Parameters<NonNullable<PathSpec['setup']>>[0];

export const SYMBOL = 'BTCUSDT';
export const PASSWORD = 'secret123';
export const DEPOSIT = 1000;
/** Hours with no session on any day: the market is closed. */
export const CLOSED_HOURS = { start: {}, close: {} };
/** The graph's stand-in prices (the simulator's BTCUSDT at T0); real runs scale from them. */
export const MID = 71047.06;
/** Only what the form reads of the quote (the plan prints these). */
export const SAMPLE_QUOTE = { price: MID, bidPrice: 71046.96, askPrice: 71047.16, lastUpdate: T0 };

export type LoadKind = 'open' | 'closed' | 'notTradable' | 'failed';
export const ok = <D>(data: D) => ({ code: 0, data });
/** A failed call: -1 for a server error, else the server's code. */
export const failed = (code: number) => ({ code, data: null });
export const placeBanned = { type: 'xstate.done.actor.place', output: failed(405) };
export const submit = { type: 'form.submit' };

/** What the shared checks read of either form's context. */
interface TicketForm {
  errors: Partial<Record<string, string>>;
  failure: number | undefined;
}

/** The form's errors as `field:key`, sorted. */
export const errorKeys = (c: Pick<TicketForm, 'errors'>) =>
  Object.entries(c.errors)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}:${v}`)
    .sort();

/** The seeded user's id (setup's data). */
export const uidOf = (c: PathContext) => c.data.uid as string;

/** A new user with the deposit, signed in (the real book). */
export async function seedTrader(world: World, email: string) {
  const u = await world.sim.backOffice.seedUser({ email, password: PASSWORD, deposit: DEPOSIT });
  world.session.token = u.token;
  return u;
}

/** The session moves to the demo book. */
export async function switchToDemo(world: World) {
  const r = await world.api.call('switchUser');
  expect(r.code).toBe(0);
  world.session.token = r.data?.token;
}

/** A `price.update` carries the simulator's quote now (the sample's stands in for it). */
export function resolvePrice(e: EventObject, c: PathContext) {
  if (e.type !== 'price.update') return e;
  const q = c.world.sim.ctx.prices.quote(SYMBOL, c.world.clock.now(), 0, 1);
  return { ...e, bid: q.bidPrice, ask: q.askPrice, price: q.price, time: q.lastUpdate };
}

/**
 * The market as a load's outcome needs it: a server error on `failCall`
 * (it leaves the market as it was), else the hours and trade status; a
 * placement's refusal 405 is a real trade ban.
 */
export function arrangeTicket(
  e: EventObject,
  c: PathContext,
  o: { kind: LoadKind | undefined; symbol: string; failCall: ForcedReply['call'] },
) {
  const bo = c.world.sim.backOffice;
  if (o.kind === 'failed' && o.symbol === SYMBOL) bo.force({ call: o.failCall, status: 500 });
  else if (o.kind) {
    bo.setHours(SYMBOL, o.kind === 'closed' ? CLOSED_HOURS : undefined);
    bo.setTradeStatus(SYMBOL, o.kind === 'notTradable' ? 0 : 1);
  }
  if (e.type === 'xstate.done.actor.place') {
    const code = (e as unknown as { output: { code: number } }).output.code;
    bo.setTradeBanned(uidOf(c), code === 405);
  }
}

/** How a spec makes the shared states' moves. */
export interface TicketMoves {
  symbol: string;
  /** The load outcome of each kind, as the actor `id` ends. */
  loads: (id: string, all: LoadKind[]) => EventObject[];
  /** One load's outcome (the unknown symbol's code). */
  loadDone: (id: string, kind: LoadKind, code?: number) => EventObject;
  /** The unknown symbol's code on the first load. */
  unknownCode: number;
  /** The form the failures of the calls are tried on. */
  basic: boolean;
  /** The refresh's every outcome is tried (else it succeeds, and a submit is tried). */
  everyRefresh: boolean;
  /** Placing's outcomes. */
  place: EventObject[];
}

/**
 * The moves of the states both tickets share (loading, loadFailed,
 * checking, placing, editing.refreshing); undefined in any other state.
 */
export function ticketMoves(snap: Snap, m: TicketMoves, c: TicketForm) {
  if (snap.matches('loading'))
    return m.symbol === SYMBOL
      ? m.loads('load', ['open', 'closed', 'notTradable'])
      : [m.loadDone('load', 'failed', m.unknownCode)];
  if (snap.matches('loadFailed')) return [{ type: 'load.retry' }];
  if (snap.matches('checking'))
    return m.basic
      ? m.loads('recheck', ['open', 'closed', 'notTradable', 'failed'])
      : [m.loadDone('recheck', 'open')];
  if (snap.matches('placing')) return m.place;
  if (snap.matches({ editing: 'refreshing' }))
    return m.everyRefresh
      ? m.loads('refresh', ['open', 'closed', 'notTradable', 'failed'])
      : // Submitted during the refresh: checked at once.
        [
          m.loadDone('refresh', 'open'),
          ...(m.basic && errorKeys(c).length === 0 && c.failure === undefined ? [submit] : []),
        ];
  return undefined;
}

/** The checks of the shared states that hold in both tickets; `booked` reads the book's orders. */
export const ticketChecks = (booked: (c: PathContext) => unknown[]) => ({
  loading: (s: Snap, c: PathContext) => {
    expect(s.hasTag('locked')).toBe(true);
    expect(s.can({ type: 'form.submit' })).toBe(false);
    expect(booked(c)).toEqual([]);
  },
  'editing.ready': (s: Snap, c: PathContext) => {
    expect(s.can({ type: 'form.submit' })).toBe(true);
    // Ready means tradable now, as the server sees it.
    expect(c.world.sim.ctx.prices.status(SYMBOL, c.world.clock.now())).toBe('open');
    expect(c.world.sim.ctx.products.tradeStatus(SYMBOL)).toBe(1);
  },
  /** A refused attempt: the button held, a reason shown, nothing reached the books. */
  cooling: (s: Snap, c: PathContext) => {
    const ctx = s.context as TicketForm;
    expect(s.can({ type: 'form.submit' })).toBe(false);
    expect(errorKeys(ctx).length > 0 || ctx.failure !== undefined).toBe(true);
    expect(booked(c)).toEqual([]);
  },
  checking: (s: Snap) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.can({ type: 'form.submit' })).toBe(false);
  },
  placing: (s: Snap, c: PathContext) => {
    expect(s.hasTag('busy')).toBe(true);
    expect((s.context as { errors: object }).errors).toEqual({});
    expect(booked(c)).toEqual([]);
  },
});

/** Only the poller runs in a polling state: let its request answer (a balance.update, same figures). */
export async function pollAnswers(s: Snap, c: PathContext) {
  if ((s.context as { balancePolls: number }).balancePolls > 0) {
    await c.world.api.call('userBalance');
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  }
}
