/**
 * Responsible trading (/user/responsible) against a stand-in for the
 * simulator's handlers (./fake-server.ts: the contract's rules on a fixed
 * clock; the real handlers are built on the rt-server branch). A lower or
 * new limit applies at once, a raise waits for the cooling-off period and
 * is listed with when it applies, asking for the value in force drops it;
 * each value's check (amount, decimals, maximum, minutes); self-exclusion
 * from tomorrow (today is refused), its confirm step, the call, the end of
 * the session; a load, save or exclusion refused (1012) and retried. A site
 * without the capability makes no call and sends the user back.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { fromPromise } from 'xstate';
import type { RtKey, RtSetLimitsPayload } from '../../../src/api/types/responsible.ts';
import {
  responsibleMachine,
  type ExcludeResult,
  type LimitsResult,
  type ResponsibleContext,
  type SetLimitsResult,
} from '../../../src/machines/responsible/machine.ts';
import {
  changedKeys,
  checkForm,
  checkValue,
  exclusionRange,
  limitsOf,
  untilOf,
  valueOf,
  wantedForm,
  zonedDate,
} from '../../../src/machines/responsible/form.ts';
import { createGates, type Gates } from '../../unit/machines/access/gates.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import {
  applyLimits,
  COOLING_OFF_MS,
  FakeRtServer,
  initialState,
  NOW,
  ZONE,
} from './fake-server.ts';

type Snap = ReturnType<(typeof responsibleMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as ResponsibleContext;

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

const fakeOf = (c: PathContext) => c.data.fake as FakeRtServer;
const gatesOf = (c: PathContext) => c.data.gates as Gates;

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
          ? [done('loadLimits', 0, initialState()), done('loadLimits', 1012)]
          : [done('loadLimits', 0, initialState())];
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
    async setup() {
      return { fake: new FakeRtServer() };
    },
    provide: (c) => {
      const fake = fakeOf(c);
      const gates = createGates();
      c.data.gates = gates;
      return responsibleMachine.provide({
        actors: {
          loadLimits: gates.hold(
            'loadLimits',
            fromPromise<LimitsResult>(() => fake.limits()),
          ),
          setLimits: gates.hold(
            'setLimits',
            fromPromise<SetLimitsResult, RtSetLimitsPayload>(({ input }) => fake.setLimits(input)),
          ),
          selfExclude: gates.hold(
            'selfExclude',
            fromPromise<ExcludeResult, { until: number }>(({ input }) => fake.selfExclude(input)),
          ),
        },
        // The session store is the app's; the path records that it was asked to end.
        actions: { endSession: () => void (c.data.ended = true) },
      });
    },
    arrange(e, c) {
      const out = (e as { output?: { code: number } }).output;
      const id = e.type.replace('xstate.done.actor.', '');
      if (out && out.code !== 0 && CALL_OF[id]) fakeOf(c).fail(CALL_OF[id], out.code);
    },
    states: {
      loading: async (s, c) => {
        await gatesOf(c).release('loadLimits');
        expect(enabled).toBe(true);
        expect(s.hasTag('busy')).toBe(true);
      },
      failed: (s, c) => {
        expect(ctx(s).failure).toBe(1012);
        expect(fakeOf(c).calls.at(-1)).toBe('rtLimits');
      },
      editing: (s, c) => editingChecks(ctx(s), c),
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
        expect(fakeOf(c).excludedUntil).toBeUndefined();
        expect(x.until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (x.errors.until) {
          reached('responsible.exclusion.choosing: x.errors.until');
          expect(x.until).toBe(TODAY);
          expect(x.errors.until).toBe('responsible.errDate');
        }
        if (x.failure !== undefined) {
          reached('responsible.exclusion.choosing: x.failure !== undefined');
          expect(x.failure).toBe(1012);
          expect(fakeOf(c).calls.at(-1)).toBe('rtSelfExclude');
        }
      },
      'exclusion.confirming': (s, c) => {
        const x = ctx(s);
        expect(fakeOf(c).excludedUntil).toBeUndefined();
        expect(x.until >= MIN).toBe(true);
        expect(x.errors).toEqual({});
      },
      'exclusion.excluding': async (s, c) => {
        await gatesOf(c).release('selfExclude');
        expect(s.hasTag('busy')).toBe(true);
      },
      excluded: (s, c) => {
        const x = ctx(s);
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ to: '/login' });
        // The server holds the date: from the chosen day's start in its zone, a day ahead at least.
        expect(fakeOf(c).excludedUntil).toBe(untilOf(x.until, ZONE));
        expect(fakeOf(c).excludedUntil).toBeGreaterThanOrEqual(NOW + 86_400_000);
        expect(c.data.ended).toBe(true);
        expect(noticesOf(c)).toEqual(['responsible.excludedDone']);
      },
      sentAway: (s, c) => {
        expect(enabled).toBe(false);
        expect(s.output).toEqual({ to: '/user' });
        // Not offered: no call at all.
        expect(fakeOf(c).calls).toEqual([]);
      },
    },
  };
}

function editingChecks(x: ResponsibleContext, c: PathContext) {
  const server = fakeOf(c).state;
  // The form starts from what the trader wants: a pending value where one waits.
  expect(x.base).toEqual(wantedForm(server));
  expect(x.rt).toEqual(server);
  const shown = Object.entries(x.errors).filter(([, m]) => m);
  for (const [k, m] of shown) expect(m).toBe(checkValue(k as RtKey, x.form[k as RtKey]));
  if (x.outcome) {
    reached('responsible.editing: x.outcome');
    expect(noticesOf(c)).toEqual(['responsible.saved']);
    for (const o of x.outcome) {
      const pending = server.pending.find((p) => p.key === o.key);
      if (o.appliesAt !== undefined) {
        reached('responsible.editing: o.appliesAt !== undefined');
        // A raise waits for the cooling-off period, and says until when.
        expect(pending?.appliesAt).toBe(NOW + COOLING_OFF_MS);
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
    expect(fakeOf(c).calls.at(-1)).toBe('rtSetLimits');
  }
}

export const specs: PathSpec[] = [spec('offered', true), spec('not offered', false)];
