/**
 * The resend countdown (trading.md §4 "Resend code", §9): 60 s, ticking once
 * a second, then the resend link (`canResend`). Restartable.
 *
 * Standalone, a view reads `secondsLeft` and the `canResend` tag and sends
 * `countdown.restart` after a resend. Register, forgot and bindEmail (so it
 * lives in shared/) run it as a child through {@link countdownActor}: a
 * callback actor that runs this machine and reports `countdown.tick` (secondsLeft) and `countdown.done` to the parent,
 * so the parent's context holds what its view shows, and the parent's own
 * graph sees the end of the countdown as one event. The bridge takes the
 * clock the countdown runs on (the browser's by default; the simulator's
 * virtual clock in tests, so time passes for the server and the countdown
 * together).
 */
import { assign, createActor, fromCallback, setup } from 'xstate';
import { RESEND_SECONDS } from '../../../config/constants.ts';
import { inspected } from '../../inspect.ts';

interface CountdownInput {
  /** Length in seconds (default RESEND_SECONDS, 60). */
  seconds?: number;
}

export interface CountdownContext {
  seconds: number;
  /** What the view shows; 0 once the resend link appears. */
  secondsLeft: number;
}

type CountdownEvent = { type: 'countdown.restart' };

/** What the bridge sends its parent. */
export type CountdownReport =
  { type: 'countdown.tick'; secondsLeft: number } | { type: 'countdown.done' };

export const countdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    events: {} as CountdownEvent,
    input: {} as CountdownInput,
  },
  delays: {
    /** One second between ticks. */
    tick: 1000,
  },
  guards: {
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  actions: {
    tickDown: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    restart: assign(({ context }) => ({ secondsLeft: context.seconds })),
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => {
    const seconds = input?.seconds ?? RESEND_SECONDS;
    return { seconds, secondsLeft: seconds };
  },
  initial: 'running',
  states: {
    running: {
      after: {
        tick: [
          { guard: 'lastSecond', target: 'done', actions: 'tickDown' },
          { target: 'running', reenter: true, actions: 'tickDown' },
        ],
      },
      on: {
        'countdown.restart': { target: 'running', reenter: true, actions: 'restart' },
      },
    },
    done: {
      tags: ['canResend'],
      on: {
        'countdown.restart': { target: 'running', actions: 'restart' },
      },
    },
  },
});

/** The timer functions a countdown runs on (xstate's clock shape). */
interface TimerClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/**
 * A parent's `countdown` actor: runs {@link countdownMachine} on `clock` and
 * reports each second and the end. Stopping the parent's state stops it.
 */
export const countdownActor = (clock?: TimerClock, seconds?: number) =>
  fromCallback<CountdownEvent, void>(({ sendBack, receive }) => {
    const actor = createActor(countdownMachine, {
      ...inspected,
      ...(clock ? { clock } : {}),
      input: seconds === undefined ? {} : { seconds },
    });
    let last = -1;
    let ended = false;
    actor.subscribe((s) => {
      if (s.context.secondsLeft !== last) {
        last = s.context.secondsLeft;
        sendBack({ type: 'countdown.tick', secondsLeft: last } satisfies CountdownReport);
      }
      if (s.hasTag('canResend') && !ended) {
        ended = true;
        sendBack({ type: 'countdown.done' } satisfies CountdownReport);
      }
      if (!s.hasTag('canResend')) ended = false;
    });
    receive((e) => actor.send(e));
    actor.start();
    return () => actor.stop();
  });
