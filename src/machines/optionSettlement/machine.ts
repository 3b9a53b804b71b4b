/**
 * An option from placement to its result (trading.md §4 "Option order", §9).
 *
 * - `running`: progress counts down from endTime over timeLong, on a scale of
 *   100, one tick every 200 ms (tag `running`: the position drawer shows it).
 *   Every tick recomputes the time left from endTime and the clock, so a
 *   throttled timer (a background tab fires once a second or less) or a time
 *   skip on the server shows the true time left and settles on time.
 * - At 0 the position drawer closes and `settling` starts (tags `settling`,
 *   `loading`: the settlement drawer shows loading): completion is polled
 *   first after 1 s, then every 1.5 s, up to 40 tries in the list view and 12
 *   in the place view. A check that fails counts as a try.
 * - Once complete, the result is fetched (userOptionDetail); it ends in
 *   `settled` with the result, which carries completeTime.
 * - When the tries run out, or the result cannot be read (or has no
 *   completeTime), it ends in `failed` with position.fail_result_check_history;
 *   the output tells the view where to go: history (place view) or position
 *   (list view).
 *
 * Time comes from the input: `now` when the machine starts and `clock` (the
 * server's time, src/state/server-clock.ts) at every tick. Without a clock
 * (path tests), each tick advances the time by one tick; nothing here reads
 * the wall clock.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { OptionOrder } from '../../api/types/trading.ts';
import {
  OPTION_PROGRESS_SCALE,
  OPTION_TICK_MS,
  SETTLE_FIRST_POLL_MS,
  SETTLE_POLL_MS,
  SETTLE_TRIES_LIST,
  SETTLE_TRIES_PLACE,
} from '../../config/constants.ts';
import { doneOutput } from '../events.ts';

/** Where the settlement is watched: the place-order screen or the positions list. */
export type SettlementView = 'place' | 'list';

export interface OptionSettlementInput {
  uid: string;
  /** Epoch ms. */
  endTime: number;
  /** Seconds. */
  timeLong: number;
  /** Epoch ms when the machine starts (server time). */
  now: number;
  /** The server's time, read at every tick; absent, a tick is OPTION_TICK_MS. */
  clock?: () => number;
  view: SettlementView;
}

export const SETTLEMENT_FAILURE = 'position.fail_result_check_history';

interface OptionSettlementContext {
  uid: string;
  /** Epoch ms (server time) when the option ends. */
  endTime: number;
  /** The time of the last tick (server time). */
  now: number;
  clock: (() => number) | undefined;
  timeLong: number;
  view: SettlementView;
  /** Ms left until endTime. */
  remaining: number;
  /** OPTION_PROGRESS_SCALE (100) at placement down to 0 at endTime. */
  progress: number;
  /** Completion checks made. */
  tries: number;
  maxTries: number;
  result: OptionOrder | null;
  error: typeof SETTLEMENT_FAILURE | undefined;
}

export type OptionSettlementOutput =
  { kind: 'settled'; result: OptionOrder } | { kind: 'failed'; goTo: 'history' | 'position' };

export type CheckResult = CallResult<'checkOptionCompletion'>;
export type DetailResult = CallResult<'userOptionDetail'>;

/** Progress on the 0..100 scale for the time left, to 2 decimals. */
export const progressOf = (remaining: number, timeLong: number): number => {
  const total = timeLong * 1000;
  if (total <= 0 || remaining <= 0) return 0;
  const p = (Math.min(remaining, total) / total) * OPTION_PROGRESS_SCALE;
  return Math.round(p * 100) / 100;
};

export const optionSettlementMachine = setup({
  types: {
    context: {} as OptionSettlementContext,
    input: {} as OptionSettlementInput,
    output: {} as OptionSettlementOutput,
  },
  actors: {
    checkCompletion: fromPromise<CheckResult, { uid: string }>(async () => {
      throw new Error('optionSettlementMachine: provide checkCompletion');
    }),
    fetchResult: fromPromise<DetailResult, { uid: string }>(async () => {
      throw new Error('optionSettlementMachine: provide fetchResult');
    }),
  },
  delays: {
    tick: OPTION_TICK_MS,
    firstPoll: SETTLE_FIRST_POLL_MS,
    poll: SETTLE_POLL_MS,
  },
  guards: {
    ended: ({ context }) => context.remaining <= 0,
    completed: (_, r: CheckResult) => r.code === 0 && !!r.data?.completed,
    triesLeft: ({ context }) => context.tries < context.maxTries,
    hasResult: (_, r: DetailResult) => r.code === 0 && !!r.data && r.data.completeTime !== null,
  },
  actions: {
    tick: assign(({ context }) => {
      const now = context.clock ? context.clock() : context.now + OPTION_TICK_MS;
      const remaining = Math.max(0, context.endTime - now);
      return { now, remaining, progress: progressOf(remaining, context.timeLong) };
    }),
    countTry: assign(({ context }) => ({ tries: context.tries + 1 })),
    recordResult: assign((_, r: DetailResult) => ({ result: r.data })),
    fail: assign({ error: SETTLEMENT_FAILURE }),
  },
}).createMachine({
  id: 'optionSettlement',
  context: ({ input }) => {
    const remaining = Math.max(0, input.endTime - input.now);
    return {
      uid: input.uid,
      endTime: input.endTime,
      now: input.now,
      clock: input.clock,
      timeLong: input.timeLong,
      view: input.view,
      remaining,
      progress: progressOf(remaining, input.timeLong),
      tries: 0,
      maxTries: input.view === 'place' ? SETTLE_TRIES_PLACE : SETTLE_TRIES_LIST,
      result: null,
      error: undefined,
    };
  },
  initial: 'running',
  states: {
    running: {
      tags: ['running'],
      // Over: when watched after endTime, or once a tick finds the time up.
      always: { guard: 'ended', target: 'settling' },
      after: { tick: { target: 'running', reenter: true, actions: 'tick' } },
    },
    settling: {
      tags: ['settling', 'loading'],
      initial: 'waiting',
      states: {
        waiting: { after: { firstPoll: { target: 'checking' } } },
        checking: {
          entry: 'countTry',
          invoke: {
            id: 'check',
            src: 'checkCompletion',
            input: ({ context }) => ({ uid: context.uid }),
            onDone: [
              { guard: { type: 'completed', params: doneOutput }, target: 'fetching' },
              { guard: 'triesLeft', target: 'pausing' },
              { target: '#optionSettlement.failed' },
            ],
          },
        },
        pausing: { after: { poll: { target: 'checking' } } },
        fetching: {
          invoke: {
            id: 'result',
            src: 'fetchResult',
            input: ({ context }) => ({ uid: context.uid }),
            onDone: [
              {
                guard: { type: 'hasResult', params: doneOutput },
                target: '#optionSettlement.settled',
                actions: { type: 'recordResult', params: doneOutput },
              },
              { target: '#optionSettlement.failed' },
            ],
          },
        },
      },
    },
    settled: { type: 'final', tags: ['done'] },
    failed: { type: 'final', tags: ['done'], entry: 'fail' },
  },
  output: ({ context }): OptionSettlementOutput =>
    context.result
      ? { kind: 'settled', result: context.result }
      : { kind: 'failed', goTo: context.view === 'place' ? 'history' : 'position' },
});
