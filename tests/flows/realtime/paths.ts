/**
 * The realtime machine against the simulator's real channels: connections
 * open for real, messages arrive from price ticks (market) or the order
 * snapshot (exchange), drops come from the back office.
 */
import { expect } from 'vitest';
import { fromCallback, type EventObject } from 'xstate';
import {
  realtimeMachine,
  type ConnectionInput,
  type RealtimeEvent,
} from '../../../src/machines/realtime/machine.ts';
import type { ChannelName } from '../../../src/api/wire.ts';
import type { Channel } from '../../../src/api/realtime/channel.ts';
import type { PathContext, PathSpec } from '../../paths/framework.ts';

type Snap = ReturnType<(typeof realtimeMachine)['resolveState']>;

interface Gate {
  allowOpen: boolean;
  pendingOpen: boolean;
  allowMessage: boolean;
  emitOpen?: () => void;
}
const gateOf = (c: PathContext): Gate =>
  (c.data.gate ??= { allowOpen: false, pendingOpen: false, allowMessage: false }) as Gate;

function spec(channel: ChannelName, other: ChannelName): PathSpec {
  const ch = (c: PathContext) => c.data[channel] as Channel;
  const region = (s: Snap) => s.context.channels[channel];
  return {
    name: `realtime (${channel})`,
    machine: realtimeMachine,
    serialize: (s) => JSON.stringify([s.value, s.context]),
    // The system's events only where a real connection can send them.
    events: (s) => {
      const conn = (s.value as Record<string, unknown>)[channel] as
        { active?: { conn?: unknown } } | string;
      const live =
        typeof conn === 'object' ? (conn.active?.conn as { live?: string } | string) : undefined;
      const state = typeof live === 'object' ? `live.${live.live}` : live;
      return [
        { type: 'channel.activate', channel },
        { type: 'channel.deactivate', channel },
        ...(state === 'live.connecting' ? [{ type: 'channel.open', channel }] : []),
        ...(state === 'live.open' ? [{ type: 'channel.message', channel }] : []),
        ...(state?.startsWith('live')
          ? [{ type: 'channel.closed', channel, reason: 'dropped' }]
          : []),
      ];
    },
    internalEvents: ['channel.stale'],
    systemEvents: ['channel.open', 'channel.message', 'channel.closed'],
    maxSteps: 40,
    async setup(world) {
      const c = world.channel(channel);
      let token: string | undefined;
      if (channel === 'exchange') {
        token = (
          await world.sim.backOffice.seedUser({ email: 'rt@example.com', password: 'secret123' })
        ).token;
        c.setAuth(token);
      } else {
        c.subscribe({ op: 'sub', topic: 'price', symbol: 'BTCUSDT' }, () => {});
      }
      return { [channel]: c, token };
    },
    provide: (c) =>
      realtimeMachine.provide({
        actors: {
          // The simulator's real channel, with a gate so each step sees only
          // the event it arranged (a real network interleaves them freely).
          connection: fromCallback<RealtimeEvent, ConnectionInput>(({ input, sendBack }) => {
            if (input.channel !== channel) return () => {};
            const gate = gateOf(c);
            gate.pendingOpen = false;
            const close = ch(c).connect({
              open: () =>
                gate.allowOpen
                  ? sendBack({ type: 'channel.open', channel })
                  : (gate.pendingOpen = true),
              message: () => {
                if (!gate.allowMessage) return;
                gate.allowMessage = false;
                sendBack({ type: 'channel.message', channel });
              },
              closed: (reason) => sendBack({ type: 'channel.closed', channel, reason }),
            });
            gate.emitOpen = () => sendBack({ type: 'channel.open', channel });
            return close;
          }),
        },
        actions: {
          alertConnectionFailed: () => void (c.data.alerted = true),
          reloadPage: () => void (c.data.reloaded = true),
        },
      }),
    async arrange(e: EventObject, c) {
      const gate = gateOf(c);
      if (e.type === 'channel.closed') c.world.sim.backOffice.dropChannel(channel);
      if (e.type === 'channel.open') {
        if (gate.pendingOpen) gate.emitOpen?.();
        else gate.allowOpen = true;
      }
      if (e.type === 'channel.message') {
        gate.allowMessage = true;
        // Market: the next tick; exchange: re-authenticating sends the order snapshot.
        if (channel === 'exchange') ch(c).setAuth(c.data.token as string);
        else c.world.clock.advance(200);
      }
    },
    states: {
      [`${other}`]: (s) => expect(s.context.channels[other].active).toBe(false),
      [`${other}.idle`]: (s) => expect(s.context.channels[other].stale).toBe(false),
      [channel]: () => {},
      [`${channel}.idle`]: (s) => {
        expect(region(s).active).toBe(false);
        expect(s.context.offline).toBe(false);
      },
      [`${channel}.active`]: (s) => {
        expect(region(s).active).toBe(true);
        expect(s.context.offline).toBe(region(s).stale);
      },
      [`${channel}.active.conn`]: () => {},
      [`${channel}.active.conn.live`]: (s) => expect(region(s).attempt).toBeLessThanOrEqual(10),
      [`${channel}.active.conn.live.connecting`]: () => {},
      [`${channel}.active.conn.live.open`]: () => {},
      [`${channel}.active.conn.reconnecting`]: (s) => expect(region(s).attempt).toBeGreaterThan(0),
      [`${channel}.active.conn.failed`]: (s, c) => {
        expect(region(s).attempt).toBe(10);
        expect(c.data.alerted).toBe(true);
        expect(c.data.reloaded).toBe(true);
      },
      [`${channel}.active.watch`]: () => {},
      [`${channel}.active.watch.fresh`]: (s) => expect(region(s).stale).toBe(false),
      [`${channel}.active.watch.stale`]: (s) => {
        expect(region(s).stale).toBe(true);
        expect(s.context.offline).toBe(true);
      },
    },
  };
}

export const specs = [spec('market', 'exchange'), spec('exchange', 'market')];
