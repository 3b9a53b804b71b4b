/**
 * Responsible trading (/user/responsible) against the simulator: a signed-in
 * user's limits through the real actors (responsibleActors) on the
 * simulator's responsible module (its default 24 h cooling-off, periods in
 * New York). A lower or new limit applies at once, a raise waits for the
 * cooling-off period and is listed with when it applies, asking for the
 * value in force drops it; each value's check (amount, decimals, maximum,
 * minutes); self-exclusion from tomorrow (today is refused), its confirm
 * step (read for five minutes: the end is worked out from the server's time
 * at the confirm, which the server accepts as a day ahead), the call, the end
 * of every session, sign-in refused with 1123 and the date; a load, save or exclusion refused (1012, forced: a transient
 * failure has no user-made cause) and retried. A site without the capability
 * makes no call and sends the user back.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { CallName } from '../../../src/api/contract.ts';
import type { ApiClient } from '../../../src/api/client.ts';
import type { RtKey, RtLimits, RtState } from '../../../src/api/types/responsible.ts';
import { responsibleActors } from '../../../src/machines/responsible/actors.ts';
import {
  responsibleMachine,
  type ResponsibleContext,
} from '../../../src/machines/responsible/machine.ts';
import {
  changedKeys,
  checkForm,
  checkValue,
  exclusionRange,
  limitsOf,
  RT_KEYS,
  untilOf,
  valueOf,
  wantedForm,
  zonedDate,
} from '../../../src/machines/responsible/form.ts';
import {
  DEFAULT_COOLING_OFF_MS,
  DEFAULT_TIMEZONE,
} from '../../../src/simulator/modules/responsible/state.ts';
import { T0 } from '../../support/sim.ts';
import { createGates, type Gates } from '../../unit/machines/access/gates.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

type Snap = ReturnType<(typeof responsibleMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as ResponsibleContext;

const EMAIL = 'pat@example.com';
const PASSWORD = 'secret123';
/** The simulator's clock does not move on its own: the world's start is the server's now. */
const NOW = T0;
const ZONE = DEFAULT_TIMEZONE;
const COOLING_OFF_MS = DEFAULT_COOLING_OFF_MS;
/** How long the trader reads the self-exclusion warning before confirming. */
const READING_MS = 5 * 60_000;

const DD: RtKey = 'deposit.day';
const SM: RtKey = 'sessionMinutes';
export const LOWER = '100';
export const RAISE = '500';
export const SAMPLES = {
  letters: 'abc',
  decimals: '1.234',
  tooBig: '2000000000',
  zeroMinutes: '0',
};
const MIN = exclusionRange(NOW, ZONE).min;
const TODAY = zonedDate(NOW, ZONE);

// ---- the graph's model of the server (the real runs must agree with it, step by step)

/** A user without limits, as the simulator starts one. */
const firstState = (): RtState => ({
  limits: { deposit: {}, loss: {}, turnover: {} },
  pending: [],
  usage: {
    deposit: { day: 0, week: 0, month: 0 },
    loss: { day: 0, week: 0, month: 0 },
    turnover: { day: 0, week: 0, month: 0 },
  },
  resets: { day: 0, week: 0, month: 0 },
  coolingOffMs: COOLING_OFF_MS,
  timezone: ZONE,
});

function put(limits: RtLimits, key: RtKey, v: number | undefined) {
  if (key === 'sessionMinutes' || key === 'realityCheckMinutes') {
    if (v === undefined) delete limits[key];
    else limits[key] = v;
    return;
  }
  const [l, p] = key.split('.') as ['deposit', 'day'];
  if (v === undefined) delete limits[l][p];
  else limits[l][p] = v;
}

/**
 * The contract's answer to a wanted set of limits (api/types/responsible.ts):
 * a lower or new limit applies at once; a raise or removal waits for the
 * cooling-off period; asking for the value in force drops a pending change.
 */
function applyLimits(rt: RtState, wanted: RtLimits): RtState {
  const next: RtState = structuredClone(rt);
  for (const key of RT_KEYS) {
    const cur = valueOf(rt.limits, key);
    const want = valueOf(wanted, key);
    next.pending = next.pending.filter((p) => p.key !== key);
    if (want === cur) continue;
    if (cur !== undefined && (want === undefined || want > cur)) {
      const old = rt.pending.find((p) => p.key === key);
      const value = want ?? null;
      const appliesAt = old && old.value === value ? old.appliesAt : NOW + COOLING_OFF_MS;
      next.pending.push({ key, value, appliesAt });
    } else put(next.limits, key, want);
  }
  return next;
}

const done = (id: string, code: number, data: unknown = null) => ({
  type: `xstate.done.actor.${id}`,
  output: { code, data, reply: null, message: '' },
});
const date = (value: string): EventObject => ({ type: 'exclude.date', value }) as EventObject;
const field = (f: RtKey, value: string) => ({ type: 'field.change', field: f, value });
const CALL_OF: Record<string, 'rtLimits' | 'rtSetLimits' | 'rtSelfExclude'> = {
  loadLimits: 'rtLimits',
  setLimits: 'rtSetLimits',
  selfExclude: 'rtSelfExclude',
};

const errorKeys = (c: ResponsibleContext) =>
  Object.entries(c.errors)
    .filter(([, m]) => m)
    .map(([k]) => k);

function editingEvents(c: ResponsibleContext): EventObject[] {
  const errs = errorKeys(c) as RtKey[];
  if (errs.length) return errs.map((k) => field(k, c.base[k]));
  if (changedKeys(c.form, c.base).length) return [{ type: 'form.submit' }];
  if (c.base[DD] === '')
    return [
      field(DD, LOWER),
      field(DD, SAMPLES.letters),
      field(DD, SAMPLES.decimals),
      field(DD, SAMPLES.tooBig),
      field(SM, SAMPLES.zeroMinutes),
      { type: 'form.submit' },
      { type: 'exclude.start' },
    ];
  // In force 100: a raise waits; waiting for 500: asking for 100 again drops it.
  return c.base[DD] === LOWER ? [field(DD, RAISE)] : [field(DD, LOWER)];
}

function choosingEvents(c: ResponsibleContext): EventObject[] {
  if (c.errors.until) return [date(MIN)];
  if (c.until === TODAY || c.failure !== undefined) return [{ type: 'exclude.submit' }];
  return [{ type: 'exclude.submit' }, date(TODAY), { type: 'exclude.cancel' }];
}

// ---- the real system

const gatesOf = (c: PathContext) => c.data.gates as Gates;
/** The calls the machine's actors made, in order. */
const callsOf = (c: PathContext) => c.data.calls as CallName[];
const uidOf = (c: PathContext) => c.data.uid as string;
/** What the simulator holds for the user (no call: an actor's forced reply may be waiting). */
function serverOf(c: PathContext) {
  const { selfExcludedUntil, ...rt } = c.world.sim.backOffice.responsibleOf(uidOf(c));
  return { rt: rt as RtState, selfExcludedUntil };
}
/** The client's API, counting the calls the actors make through it. */
function recording(api: ApiClient, calls: CallName[]): ApiClient {
  return {
    ...api,
    call: (name, ...rest) => {
      calls.push(name);
      return api.call(name, ...rest);
    },
  };
}

function spec(name: string, enabled: boolean): PathSpec {
  return {
    name: `responsible (${name})`,
    machine: responsibleMachine,
    input: { enabled, now: NOW },
    serialize: (s) => {
      const c = ctx(s);
      return JSON.stringify([
        s.value,
        c.form[DD],
        c.form[SM],
        c.base[DD],
        errorKeys(c),
        c.failure ?? null,
        (c.outcome ?? []).map((o) => `${o.key}:${o.appliesAt ? 'later' : 'now'}`),
        c.rt?.pending.map((p) => p.key) ?? null,
        c.until === TODAY ? 'today' : c.until === MIN ? 'min' : c.until,
      ]);
    },
    events: (s) => {
      const c = ctx(s);
      if (s.matches('loading'))
        return c.failure === undefined
          ? [done('loadLimits', 0, firstState()), done('loadLimits', 1012)]
          : [done('loadLimits', 0, firstState())];
      if (s.matches('failed')) return [{ type: 'limits.reload' }];
      if (s.matches('editing')) return editingEvents(c);
      if (s.matches('saving')) {
        const next = applyLimits(c.rt!, limitsOf(c.form));
        const first = c.base[DD] === '' && c.failure === undefined;
        return [done('setLimits', 0, next), ...(first ? [done('setLimits', 1012)] : [])];
      }
      if (s.matches({ exclusion: 'choosing' })) return choosingEvents(c);
      if (s.matches({ exclusion: 'confirming' }))
        return [{ type: 'exclude.confirm' }, { type: 'exclude.cancel' }];
      if (s.matches({ exclusion: 'excluding' }))
        return [done('selfExclude', 0), done('selfExclude', 1012)];
      return [];
    },
    async setup(world) {
      expect(world.clock.now()).toBe(NOW);
      const u = await world.sim.backOffice.seedUser({ email: EMAIL, password: PASSWORD });
      world.session.token = u.token;
      return { uid: u.uid, token: u.token, calls: [] };
    },
    provide: (c) => {
      const real = responsibleActors(recording(c.world.api, callsOf(c)));
      const gates = createGates();
      c.data.gates = gates;
      return responsibleMachine.provide({
        actors: {
          loadLimits: gates.hold('loadLimits', real.loadLimits),
          setLimits: gates.hold('setLimits', real.setLimits),
          selfExclude: gates.hold('selfExclude', real.selfExclude),
        },
        // The session store is the app's; the path records that it was asked to end.
        actions: { endSession: () => void (c.data.ended = true) },
      });
    },
    resolve(e, c) {
      // The trader reads the warning a while before confirming: the server's clock moves on,
      // and the view sends the server's time with the confirm.
      if (e.type !== 'exclude.confirm') return e;
      c.world.clock.advance(READING_MS);
      return { ...e, now: c.world.clock.now() };
    },
    arrange(e, c) {
      const out = (e as { output?: { code: number } }).output;
      const id = e.type.replace('xstate.done.actor.', '');
      const call = CALL_OF[id];
      if (out && out.code !== 0 && call) c.world.sim.backOffice.force({ call, code: out.code });
    },
    states: {
      loading: async (s, c) => {
        await gatesOf(c).release('loadLimits');
        expect(enabled).toBe(true);
        expect(s.hasTag('busy')).toBe(true);
      },
      failed: (s, c) => {
        expect(ctx(s).failure).toBe(1012);
        expect(callsOf(c).at(-1)).toBe('rtLimits');
        expect(c.world.toasts.at(-1)).toMatch(/\(code 1012\)$/);
        // The forced reply was the load's, and nothing else is armed.
        expect(c.world.sim.backOffice.armedFaults().forced).toEqual([]);
      },
      editing: (s, c) => editingChecks(s, c),
      saving: async (s, c) => {
        await gatesOf(c).release('setLimits');
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(true);
        expect(changedKeys(x.form, x.base).length).toBeGreaterThan(0);
        expect(checkForm(x.form)).toEqual({});
      },
      exclusion: (s) => {
        expect(ctx(s).rt).toBeDefined();
      },
      'exclusion.choosing': (s, c) => {
        const x = ctx(s);
        // Nothing is excluded before the confirmed call (a refused one excludes nobody).
        expect(serverOf(c).selfExcludedUntil).toBeNull();
        expect(x.until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (x.errors.until) {
          reached('responsible.exclusion.choosing: x.errors.until');
          expect(x.until).toBe(TODAY);
          expect(x.errors.until).toBe('responsible.errDate');
        }
        if (x.failure !== undefined) {
          reached('responsible.exclusion.choosing: x.failure !== undefined');
          expect(x.failure).toBe(1012);
          expect(callsOf(c).at(-1)).toBe('rtSelfExclude');
          expect(c.world.toasts.at(-1)).toMatch(/\(code 1012\)$/);
        }
      },
      'exclusion.confirming': (s, c) => {
        const x = ctx(s);
        expect(serverOf(c).selfExcludedUntil).toBeNull();
        expect(x.until >= MIN).toBe(true);
        expect(x.errors).toEqual({});
      },
      'exclusion.excluding': async (s, c) => {
        await gatesOf(c).release('selfExclude');
        expect(s.hasTag('busy')).toBe(true);
      },
      excluded: async (s, c) => {
        const x = ctx(s);
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ to: '/login' });
        // The server holds the date: the chosen day's start in its zone (tomorrow's at the
        // earliest, however soon it comes), whenever the confirm comes.
        expect(x.now).toBe(c.world.clock.now());
        expect(x.now).toBeGreaterThan(NOW);
        const until = untilOf(x.until, ZONE);
        expect(serverOf(c).selfExcludedUntil).toBe(until);
        expect(until).toBeGreaterThan(x.now);
        expect(c.data.ended).toBe(true);
        expect(noticesOf(c)).toEqual(['responsible.excludedDone']);
        // The server ended the session: its token is refused.
        const old = await c.world.api.call('rtLimits', undefined, { noAlert: true });
        expect(old).toMatchObject({ code: -1, fault: 'unauthorized', status: 401 });
        // Signing in again is refused until the date, with the date.
        const login = await c.world.api.call(
          'login',
          { username: EMAIL, password: PASSWORD, type: 'E' },
          { noAlert: true },
        );
        expect(login.code).toBe(1123);
        expect(login.reply?.data).toEqual({ until });
      },
      sentAway: (s, c) => {
        expect(enabled).toBe(false);
        expect(s.output).toEqual({ to: '/user' });
        // Not offered: no call at all, and the user's limits untouched.
        expect(callsOf(c)).toEqual([]);
        expect(serverOf(c).rt.limits).toEqual({ deposit: {}, loss: {}, turnover: {} });
      },
    },
  };
}

async function editingChecks(s: Snap, c: PathContext) {
  const x = ctx(s);
  const { rt: server, selfExcludedUntil } = serverOf(c);
  expect(selfExcludedUntil).toBeNull();
  // The form starts from what the trader wants: a pending value where one waits.
  expect(x.base).toEqual(wantedForm(server));
  expect(x.rt).toEqual(server);
  const shown = Object.entries(x.errors).filter(([, m]) => m);
  for (const [k, m] of shown) expect(m).toBe(checkValue(k as RtKey, x.form[k as RtKey]));
  if (x.outcome) {
    reached('responsible.editing: x.outcome');
    expect(noticesOf(c)).toEqual(['responsible.saved']);
    expect(callsOf(c).at(-1)).toBe('rtSetLimits');
    // Asked back, the server answers what the save answered.
    const back = await c.world.api.call('rtLimits', undefined, { noAlert: true });
    expect(back.code).toBe(0);
    expect(back.data).toEqual(x.rt);
    for (const o of x.outcome) {
      const pending = server.pending.find((p) => p.key === o.key);
      if (o.appliesAt !== undefined) {
        reached('responsible.editing: o.appliesAt !== undefined');
        // A raise waits for the cooling-off period, and says until when.
        expect(pending).toEqual({ key: o.key, value: o.value, appliesAt: NOW + COOLING_OFF_MS });
        expect(o.appliesAt).toBe(NOW + COOLING_OFF_MS);
        expect(valueOf(server.limits, o.key)).toBe(Number(LOWER));
      } else {
        reached('responsible.editing: o.appliesAt === undefined');
        // A lower or new limit, or the value in force asked again, applies now.
        expect(pending).toBeUndefined();
        expect(valueOf(server.limits, o.key)).toBe(o.value ?? undefined);
      }
    }
  }
  if (x.failure !== undefined) {
    reached('responsible.editing: x.failure !== undefined');
    expect(x.failure).toBe(1012);
    expect(callsOf(c).at(-1)).toBe('rtSetLimits');
    expect(c.world.toasts.at(-1)).toMatch(/\(code 1012\)$/);
  }
}

export const specs: PathSpec[] = [spec('offered', true), spec('not offered', false)];
