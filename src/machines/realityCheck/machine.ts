/**
 * The reality check (a per-site reminder, off by default): after the site's
 * interval of a signed-in session, a dialog shows the time spent, the trades
 * placed and the realised profit and loss of this session, with Continue
 * (the next reminder one interval later) and Log out.
 *
 * - `waiting`: the named delay `interval` runs; the first one is shortened so
 *   reminders fall on whole intervals since sign-in (a reload does not reset
 *   the count).
 * - `summarising`: the summary is read from the server (tag `loading`); if it
 *   cannot be read, the dialog still shows the time spent.
 * - `showing` (tag `open`): `reality.continue` waits again; `reality.logout`
 *   ends the machine with `{ logout: true }` for the app to sign out.
 * Time comes from the input and the actor's reply; nothing reads the clock.
 */
import { assign, fromPromise, setup } from 'xstate';
import { say, type NoticeEvent } from '../notice.ts';

/** What the dialog shows about this session, read from the server (./actors.ts). */
export interface SessionSummary {
  /** Session length when read (ms). */
  elapsedMs: number;
  tradesPlaced: number;
  /** Realised P&L, a decimal string in USD. */
  profitLoss: string;
}

export interface RealityCheckInput {
  intervalMs: number;
  /** When the session began (epoch ms, the server's clock). */
  startedAt: number;
  /** Now (epoch ms, the server's clock) when the machine starts. */
  now: number;
}

export interface RealityCheckContext {
  intervalMs: number;
  startedAt: number;
  /** Delay of the next reminder. */
  nextMs: number;
  summary: SessionSummary | undefined;
}

export type RealityCheckEvent = { type: 'reality.continue' } | { type: 'reality.logout' };

/** Time until the next whole interval since the session began. */
export const firstDelay = (intervalMs: number, startedAt: number, now: number): number => {
  const since = Math.max(0, now - startedAt);
  return intervalMs - (since % intervalMs);
};

export const realityCheckMachine = setup({
  types: {
    context: {} as RealityCheckContext,
    input: {} as RealityCheckInput,
    events: {} as RealityCheckEvent,
    output: {} as { logout: true },
    emitted: {} as NoticeEvent,
  },
  actors: {
    summarise: fromPromise<SessionSummary, { startedAt: number }>(async () => {
      throw new Error('realityCheckMachine: provide summarise (./actors.ts)');
    }),
  },
  actions: {
    announceLoggedOut: say('log_out_success'),
  },
  delays: {
    interval: ({ context }) => context.nextMs,
  },
}).createMachine({
  id: 'realityCheck',
  context: ({ input }) => ({
    intervalMs: input.intervalMs,
    startedAt: input.startedAt,
    nextMs: firstDelay(input.intervalMs, input.startedAt, input.now),
    summary: undefined,
  }),
  initial: 'waiting',
  states: {
    waiting: {
      after: { interval: 'summarising' },
    },
    summarising: {
      tags: ['loading'],
      invoke: {
        id: 'summarise',
        src: 'summarise',
        input: ({ context }) => ({ startedAt: context.startedAt }),
        onDone: {
          target: 'showing',
          actions: assign({ summary: ({ event }) => event.output }),
        },
        onError: { target: 'showing', actions: assign({ summary: undefined }) },
      },
    },
    showing: {
      tags: ['open'],
      on: {
        'reality.continue': {
          target: 'waiting',
          actions: assign({ nextMs: ({ context }) => context.intervalMs }),
        },
        'reality.logout': 'loggedOut',
      },
    },
    loggedOut: { type: 'final', entry: 'announceLoggedOut' },
  },
  output: () => ({ logout: true }),
});
