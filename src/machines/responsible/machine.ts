/**
 * Responsible trading (issue 28 item 2; the contract extension in
 * api/types/responsible.ts), at /user/responsible.
 *
 * - Only where the site's capability `responsibleTrading` is on: otherwise
 *   no call is made and the user is sent back (`sentAway`, output /user).
 * - `loading`: rtLimits (the limits in force, the pending changes, what
 *   counts so far in each period and when each period ends); a failure
 *   offers a retry (`failed`, `limits.reload`).
 * - `editing`: nine money limits (deposit, loss, turnover × day, week,
 *   month, USD) and the session and reality-check minutes, each '' for no
 *   limit. The form starts from the values wanted (a pending change's value
 *   where one waits, so saving another key does not drop it). Amounts:
 *   a number >= 0, at most 2 decimals, at most 1,000,000,000; minutes:
 *   whole, 1..1440. Submit only with a change; errors beside the fields.
 * - `saving`: rtSetLimits with the whole form; the reply is the new state.
 *   `outcome` says per changed key whether it applies now (a lower or new
 *   limit) or waits for the cooling-off period until `appliesAt`.
 * - `exclusion`: self-exclusion until a date (tomorrow .. five years, in the
 *   server's zone): `choosing`, then `confirming` (the user will be signed
 *   out and cannot sign in until then), then `excluding` (rtSelfExclude).
 *   Success ends the session (the server ended every session) and the flow
 *   ends with /login, as a password change does.
 * Time comes from the input (`now`, the server's clock at start) and from the
 * confirm (the server's clock then: the exclusion's end is worked out from
 * it, as the server counts its day from when the call arrives).
 */
import { and, assign, fromPromise, not, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { RtKey, RtSetLimitsPayload, RtState } from '../../api/types/responsible.ts';
import { clearSession } from '../../state/session.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';
import {
  changedKeys,
  checkForm,
  checkUntil,
  exclusionRange,
  limitsOf,
  RT_KEYS,
  untilOf,
  wantedForm,
  type RtForm,
} from './form.ts';

export interface ResponsibleInput {
  /** The site's capability `responsibleTrading`. */
  enabled: boolean;
  /** Now, on the server's clock (epoch ms). */
  now: number;
}

/** What a save did to one changed key: applied now, or waiting until `appliesAt`. */
export interface RtOutcome {
  key: RtKey;
  value: number | null;
  appliesAt?: number;
}

export interface ResponsibleContext {
  enabled: boolean;
  now: number;
  rt: RtState | undefined;
  form: RtForm;
  /** The form's values as loaded or last saved (what a change is measured against). */
  base: RtForm;
  errors: Partial<Record<RtKey | 'until', string>>;
  failure: number | undefined;
  /** The last save's changes, until the next edit. */
  outcome: RtOutcome[] | undefined;
  /** Self-exclusion's date, 'YYYY-MM-DD'. */
  until: string;
}

export type ResponsibleEvent =
  | { type: 'limits.reload' }
  | { type: 'field.change'; field: RtKey; value: string }
  | { type: 'form.submit' }
  | { type: 'exclude.start' }
  | { type: 'exclude.date'; value: string }
  | { type: 'exclude.submit' }
  /** `now`: the server's clock at the confirm (the trader may have read the warning a while). */
  | { type: 'exclude.confirm'; now?: number }
  | { type: 'exclude.cancel' };

export interface ResponsibleOutput {
  to: '/user' | '/login';
}

export type LimitsResult = CallResult<'rtLimits'>;
export type SetLimitsResult = CallResult<'rtSetLimits'>;
export type ExcludeResult = CallResult<'rtSelfExclude'>;

const emptyForm = (): RtForm => Object.fromEntries(RT_KEYS.map((k) => [k, ''])) as RtForm;
const zoneOf = (c: ResponsibleContext) => c.rt?.timezone ?? 'UTC';

export const responsibleMachine = setup({
  types: {
    context: {} as ResponsibleContext,
    events: {} as ResponsibleEvent,
    input: {} as ResponsibleInput,
    output: {} as ResponsibleOutput,
    emitted: {} as NoticeEvent,
  },
  actors: {
    loadLimits: fromPromise<LimitsResult>(async () => {
      throw new Error('responsibleMachine: provide loadLimits');
    }),
    setLimits: fromPromise<SetLimitsResult, RtSetLimitsPayload>(async () => {
      throw new Error('responsibleMachine: provide setLimits');
    }),
    selfExclude: fromPromise<ExcludeResult, { until: number }>(async () => {
      throw new Error('responsibleMachine: provide selfExclude');
    }),
  },
  guards: {
    enabled: ({ context }) => context.enabled,
    succeeded: (_, p: { code: number; data: unknown }) => p.code === 0 && p.data !== null,
    done: (_, p: { code: number }) => p.code === 0,
    changed: ({ context }) => changedKeys(context.form, context.base).length > 0,
    formValid: ({ context }) => Object.keys(checkForm(context.form)).length === 0,
    untilValid: ({ context }) => !checkUntil(context.until, context.now, zoneOf(context)),
  },
  actions: {
    takeState: assign((_, r: LimitsResult) => {
      const rt = r.data!;
      const form = wantedForm(rt);
      return { rt, form, base: form, errors: {}, failure: undefined };
    }),
    /** The save's reply: the new state, and what became of each changed key. */
    takeSaved: assign(({ context }, r: SetLimitsResult) => {
      const rt = r.data!;
      const form = wantedForm(rt);
      const outcome = changedKeys(context.form, context.base).map((key): RtOutcome => {
        const raw = context.form[key].trim();
        const value = raw === '' ? null : Number(raw);
        const p = rt.pending.find((x) => x.key === key);
        return p ? { key, value, appliesAt: p.appliesAt } : { key, value };
      });
      return { rt, form, base: form, errors: {}, failure: undefined, outcome };
    }),
    recordFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    edit: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const errors = { ...context.errors };
      delete errors[event.field];
      return {
        form: { ...context.form, [event.field]: event.value.slice(0, 16) },
        errors,
        failure: undefined,
        outcome: undefined,
      };
    }),
    showErrors: assign(({ context }) => ({ errors: checkForm(context.form) })),
    startExclusion: assign(({ context }) => ({
      until: exclusionRange(context.now, zoneOf(context)).min,
      errors: {},
      failure: undefined,
      outcome: undefined,
    })),
    setUntil: assign(({ event }) =>
      event.type === 'exclude.date' ? { until: event.value, errors: {}, failure: undefined } : {},
    ),
    showUntilError: assign(({ context }) => ({
      errors: { until: checkUntil(context.until, context.now, zoneOf(context)) },
    })),
    clearFailure: assign({ failure: undefined }),
    confirmNow: assign(({ context, event }) => ({
      now: event.type === 'exclude.confirm' && event.now !== undefined ? event.now : context.now,
      failure: undefined,
    })),
    announceSaved: say('responsible.saved'),
    announceExcluded: say('responsible.excludedDone'),
    /** The server ended every session: forget ours (the app provides its session's log-out). */
    endSession: () => clearSession(),
  },
}).createMachine({
  id: 'responsible',
  context: ({ input }) => ({
    enabled: input.enabled,
    now: input.now,
    rt: undefined,
    form: emptyForm(),
    base: emptyForm(),
    errors: {},
    failure: undefined,
    outcome: undefined,
    until: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      // No call at all where the site does not offer it (the load never starts).
      always: { guard: not('enabled'), target: 'sentAway' },
      invoke: {
        id: 'loadLimits',
        src: 'loadLimits',
        onDone: [
          {
            guard: { type: 'succeeded', params: doneOutput },
            target: 'editing',
            actions: { type: 'takeState', params: doneOutput },
          },
          { target: 'failed', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    failed: { on: { 'limits.reload': 'loading' } },
    editing: {
      on: {
        'field.change': { actions: 'edit' },
        // Nothing changed: no transition, so the view's submit is disabled.
        'form.submit': [
          { guard: and(['changed', 'formValid']), target: 'saving', actions: 'clearFailure' },
          { guard: 'changed', actions: 'showErrors' },
        ],
        'exclude.start': { target: 'exclusion', actions: 'startExclusion' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'setLimits',
        src: 'setLimits',
        input: ({ context }) => ({ limits: limitsOf(context.form) }),
        onDone: [
          {
            guard: { type: 'succeeded', params: doneOutput },
            target: 'editing',
            actions: [{ type: 'takeSaved', params: doneOutput }, 'announceSaved'],
          },
          { target: 'editing', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    exclusion: {
      initial: 'choosing',
      on: { 'exclude.cancel': { target: 'editing', actions: 'clearFailure' } },
      states: {
        choosing: {
          on: {
            'exclude.date': { actions: 'setUntil' },
            'exclude.submit': [
              { guard: 'untilValid', target: 'confirming' },
              { actions: 'showUntilError' },
            ],
          },
        },
        confirming: {
          on: { 'exclude.confirm': { target: 'excluding', actions: 'confirmNow' } },
        },
        excluding: {
          tags: ['busy'],
          invoke: {
            id: 'selfExclude',
            src: 'selfExclude',
            input: ({ context }) => ({
              until: untilOf(context.until, zoneOf(context)),
            }),
            onDone: [
              {
                guard: { type: 'done', params: doneOutput },
                target: '#responsible.excluded',
                actions: ['announceExcluded', 'endSession'],
              },
              { target: 'choosing', actions: { type: 'recordFailure', params: doneOutput } },
            ],
          },
        },
      },
    },
    excluded: { type: 'final', tags: ['done'] },
    sentAway: { type: 'final' },
  },
  output: ({ context }) => ({ to: context.enabled ? '/login' : '/user' }),
});
