/**
 * Real-time connections (trading.md §4 "Real-time connections"): reconnect,
 * stale detection and the offline flag, for both channels, in one machine.
 *
 * - reconnect after a failure: up to 10 attempts, 500 ms × attempt, then the
 *   connection-failed alert and a page reload;
 * - a channel silent for 10 s (checked every 1 s) is stale: it is closed and
 *   reconnected;
 * - offline is set when every active channel is stale and cleared when data
 *   arrives.
 */
import { and, assign, fromCallback, raise, setup } from 'xstate';
import type { ChannelName } from '../api/wire.ts';
import {
  RECONNECT_MAX_ATTEMPTS,
  RECONNECT_STEP_MS,
  STALE_AFTER_MS,
  STALE_CHECK_MS,
} from '../config/constants.ts';

export const CHANNELS = ['market', 'exchange'] as const satisfies readonly ChannelName[];

export interface ChannelStatus {
  /** Wanted by the app (exchange only while signed in). */
  active: boolean;
  /** Reconnect attempts since the last message. */
  attempt: number;
  /** Time since the last message, counted by the 1 s check. */
  silentMs: number;
  stale: boolean;
}

export interface RealtimeContext {
  channels: Record<ChannelName, ChannelStatus>;
  offline: boolean;
}

export type RealtimeEvent =
  | { type: 'channel.activate'; channel: ChannelName }
  | { type: 'channel.deactivate'; channel: ChannelName }
  | { type: 'channel.open'; channel: ChannelName }
  | { type: 'channel.message'; channel: ChannelName }
  | { type: 'channel.closed'; channel: ChannelName; reason: string }
  | { type: 'watchdog.tick' };

export interface ConnectionInput {
  channel: ChannelName;
}

type P = { channel: ChannelName };

const status = (): ChannelStatus => ({ active: false, attempt: 0, silentMs: 0, stale: false });

const patch = (ctx: RealtimeContext, channel: ChannelName, p: Partial<ChannelStatus>) => {
  const channels = { ...ctx.channels, [channel]: { ...ctx.channels[channel], ...p } };
  const active = CHANNELS.filter((c) => channels[c].active);
  return { channels, offline: active.length > 0 && active.every((c) => channels[c].stale) };
};

const realtime = setup({
  types: {
    context: {} as RealtimeContext,
    events: {} as RealtimeEvent,
  },
  actors: {
    /** Opens one channel's connection and reports open, message and closed. Provided by the app. */
    connection: fromCallback<RealtimeEvent, ConnectionInput>(() => {
      throw new Error('realtimeMachine: provide the connection actor');
    }),
  },
  delays: {
    marketReconnectDelay: ({ context }) => RECONNECT_STEP_MS * context.channels.market.attempt,
    exchangeReconnectDelay: ({ context }) => RECONNECT_STEP_MS * context.channels.exchange.attempt,
    staleCheck: STALE_CHECK_MS,
  },
  guards: {
    isChannel: ({ event }, params: P) => 'channel' in event && event.channel === params.channel,
    attemptsLeft: ({ context }, params: P) =>
      context.channels[params.channel].attempt < RECONNECT_MAX_ATTEMPTS,
    isStale: ({ context }, params: P) =>
      context.channels[params.channel].silentMs + STALE_CHECK_MS >= STALE_AFTER_MS,
  },
  actions: {
    tick: raise({ type: 'watchdog.tick' }),
    activate: assign(({ context }, params: P) =>
      patch(context, params.channel, { active: true, attempt: 0, silentMs: 0, stale: false }),
    ),
    deactivate: assign(({ context }, params: P) =>
      patch(context, params.channel, { active: false, stale: false, silentMs: 0, attempt: 0 }),
    ),
    markMessage: assign(({ context }, params: P) =>
      patch(context, params.channel, { silentMs: 0, stale: false, attempt: 0 }),
    ),
    countSilence: assign(({ context }, params: P) =>
      patch(context, params.channel, {
        silentMs: context.channels[params.channel].silentMs + STALE_CHECK_MS,
      }),
    ),
    markStale: assign(({ context }, params: P) =>
      patch(context, params.channel, { stale: true, silentMs: 0 }),
    ),
    countAttempt: assign(({ context }, params: P) =>
      patch(context, params.channel, { attempt: context.channels[params.channel].attempt + 1 }),
    ),
    /** The spec's alert: connection failed. Provided by the app. */
    alertConnectionFailed: () => {},
    /** Reload the page after the alert. Provided by the app. */
    reloadPage: () => {},
  },
});

/** One channel's region; both channels follow the same rules. */
const channelRegion = (channel: ChannelName) => {
  const params = { channel };
  const mine = { type: 'isChannel', params } as const;
  return realtime.createStateConfig({
    initial: 'idle',
    on: {
      'channel.deactivate': {
        guard: mine,
        target: '.idle',
        actions: { type: 'deactivate', params },
      },
    },
    states: {
      idle: {
        on: {
          'channel.activate': {
            guard: mine,
            target: 'live',
            actions: { type: 'activate', params },
          },
        },
      },
      live: {
        invoke: { id: `${channel}Connection`, src: 'connection', input: { channel } },
        initial: 'connecting',
        on: {
          'channel.closed': [
            {
              guard: and([mine, { type: 'attemptsLeft', params }]),
              target: 'reconnecting',
              actions: { type: 'countAttempt', params },
            },
            { guard: mine, target: 'failed' },
          ],
          'channel.message': { guard: mine, actions: { type: 'markMessage', params } },
          'watchdog.tick': [
            {
              guard: and([
                { type: 'isStale', params },
                { type: 'attemptsLeft', params },
              ]),
              target: 'reconnecting',
              actions: [
                { type: 'markStale', params },
                { type: 'countAttempt', params },
              ],
            },
            {
              guard: { type: 'isStale', params },
              target: 'failed',
              actions: { type: 'markStale', params },
            },
            { actions: { type: 'countSilence', params } },
          ],
        },
        states: {
          connecting: {
            on: { 'channel.open': { guard: mine, target: 'open' } },
          },
          open: {},
        },
      },
      reconnecting: {
        // Silence keeps counting while we wait, so a dead network turns the flag on.
        on: {
          'watchdog.tick': [
            { guard: { type: 'isStale', params }, actions: { type: 'markStale', params } },
            { actions: { type: 'countSilence', params } },
          ],
        },
        after: {
          [channel === 'market' ? 'marketReconnectDelay' : 'exchangeReconnectDelay']: {
            target: 'live',
          },
        },
      },
      failed: {
        entry: ['alertConnectionFailed', 'reloadPage'],
      },
    },
  });
};

export const realtimeMachine = realtime.createMachine({
  id: 'realtime',
  type: 'parallel',
  context: {
    channels: { market: status(), exchange: status() },
    offline: false,
  },
  states: {
    watchdog: {
      initial: 'running',
      states: {
        running: {
          after: { staleCheck: { target: 'running', reenter: true, actions: 'tick' } },
        },
      },
    },
    market: channelRegion('market'),
    exchange: channelRegion('exchange'),
  },
});
