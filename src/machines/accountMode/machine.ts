/**
 * Demo / real account (trading.md §4 "Demo / real", §6, §8 701;
 * user-centre.md "real or demo, switched after a warning confirmation").
 *
 * - The switch is offered only when virtual trading is enabled (flag
 *   `virtualTrading`): `confirm.open` shows the warning, `confirm.accept`
 *   switches (switchUser), the new token is stored in the session, and
 *   `reloaded` goes up so the app reloads user data and order streams.
 * - With virtual trading disabled, a demo session is logged out (at start,
 *   or when `flags.change` turns the flag off).
 * - A demo account can be reset (`demo.reset` asks first: the reset closes
 *   every demo trade and can be done once; `confirm.accept` resets with
 *   resetUser, 701 the second time); after a reset `reloaded` goes up too
 *   (user info and lists reload).
 *
 * Input: the flag and whether the current session is a demo one (from the
 * token, `isDemo(decodeToken(token))`).
 */
import { and, assign, fromPromise, not, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import { clearSession, decodeToken, isDemo, setSession } from '../../state/session.ts';
import { doneOutput } from '../events.ts';
import { say, type NoticeEvent } from '../notice.ts';

export interface AccountModeInput {
  /** Flag virtualTrading: the demo switch is available. */
  virtualTrading: boolean;
  /** The session is a demo (virtual) one. */
  demo: boolean;
}

export interface AccountModeContext extends AccountModeInput {
  /** Bumped after each switch or reset: the app reloads user data, lists and order streams. */
  reloaded: number;
  /** Last failing reply code (501 switch refused, 701 reset used…), until the next request. */
  failure: number | undefined;
}

export type AccountModeEvent =
  | { type: 'confirm.open' }
  | { type: 'confirm.cancel' }
  | { type: 'confirm.accept' }
  | { type: 'demo.reset' }
  | { type: 'flags.change'; virtualTrading: boolean };

export type SwitchResult = CallResult<'switchUser'>;
export type ResetResult = CallResult<'resetUser'>;

export const accountModeMachine = setup({
  types: {
    context: {} as AccountModeContext,
    events: {} as AccountModeEvent,
    input: {} as AccountModeInput,
    emitted: {} as NoticeEvent,
  },
  actors: {
    switchUser: fromPromise<SwitchResult>(async () => {
      throw new Error('accountModeMachine: provide switchUser (./actors.ts)');
    }),
    resetUser: fromPromise<ResetResult>(async () => {
      throw new Error('accountModeMachine: provide resetUser (./actors.ts)');
    }),
  },
  guards: {
    virtualTrading: ({ context }) => context.virtualTrading,
    demo: ({ context }) => context.demo,
    switched: (_, r: SwitchResult) => r.code === 0 && !!r.data?.token,
    reset: (_, p: ResetResult) => p.code === 0,
  },
  actions: {
    setFlag: assign(({ event }) =>
      event.type === 'flags.change' ? { virtualTrading: event.virtualTrading } : {},
    ),
    clearFailure: assign({ failure: undefined }),
    takeSwitch: assign(({ context }, p: SwitchResult) => ({
      demo: isDemo(decodeToken(p.data?.token)),
      reloaded: context.reloaded + 1,
    })),
    /** Keep the new token (the refresh token stays). */
    saveToken: (_, p: SwitchResult) => {
      const token = p.data?.token;
      if (token) setSession(token);
    },
    takeReset: assign(({ context }) => ({ reloaded: context.reloaded + 1 })),
    announceReset: say('tips.operation_success'),
    recordFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    /** A demo session without virtual trading ends. */
    endSession: () => clearSession(),
  },
}).createMachine({
  id: 'accountMode',
  context: ({ input }) => ({
    virtualTrading: input.virtualTrading,
    demo: input.demo,
    reloaded: 0,
    failure: undefined,
  }),
  initial: 'idle',
  states: {
    idle: {
      always: {
        guard: and([not('virtualTrading'), 'demo']),
        target: 'loggedOut',
        actions: 'endSession',
      },
      on: {
        'confirm.open': { guard: 'virtualTrading', target: 'confirming', actions: 'clearFailure' },
        'demo.reset': { guard: 'demo', target: 'resetConfirming', actions: 'clearFailure' },
        'flags.change': { actions: 'setFlag' },
      },
    },
    confirming: {
      tags: ['confirm'],
      on: {
        'confirm.cancel': 'idle',
        'confirm.accept': 'switching',
      },
    },
    // One press must not close every demo trade and spend the only reset: it is asked first.
    resetConfirming: {
      tags: ['resetConfirm'],
      on: {
        'confirm.cancel': 'idle',
        'confirm.accept': 'resetting',
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        id: 'switchUser',
        src: 'switchUser',
        onDone: [
          {
            guard: { type: 'switched', params: doneOutput },
            target: 'idle',
            actions: [
              { type: 'takeSwitch', params: doneOutput },
              { type: 'saveToken', params: doneOutput },
            ],
          },
          { target: 'idle', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        id: 'resetUser',
        src: 'resetUser',
        onDone: [
          {
            guard: { type: 'reset', params: doneOutput },
            target: 'idle',
            actions: ['takeReset', 'announceReset'],
          },
          { target: 'idle', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    loggedOut: { type: 'final', tags: ['done'] },
  },
});
