/**
 * The realtime machine on a simulated clock, with connections we control:
 * reconnect attempts and delays, stale detection, the offline flag, and
 * the failure alert with a reload.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import {
  realtimeMachine,
  type ConnectionInput,
  type RealtimeEvent,
} from '../../../src/machines/realtime/machine.ts';
import type { ChannelName } from '../../../src/api/wire.ts';

interface Conn {
  channel: ChannelName;
  send: (e: RealtimeEvent) => void;
  closed: boolean;
}

/**
 * SimulatedClock.increment jumps straight to the end, so a timer set while
 * firing would start from there; step in 100 ms to keep repeating timers honest.
 */
class SteppedClock extends SimulatedClock {
  override increment(ms: number): void {
    for (let left = ms; left > 0; left -= 100) super.increment(Math.min(100, left));
  }
}

function world() {
  const clock = new SteppedClock();
  const conns: Conn[] = [];
  const alert = vi.fn();
  const reload = vi.fn();
  const actor = createActor(
    realtimeMachine.provide({
      actors: {
        connection: fromCallback<RealtimeEvent, ConnectionInput>(({ input, sendBack }) => {
          const c: Conn = { channel: input.channel, send: sendBack, closed: false };
          conns.push(c);
          return () => {
            c.closed = true;
          };
        }),
      },
      actions: { alertConnectionFailed: alert, reloadPage: reload },
    }),
    { clock },
  );
  actor.start();
  const live = (ch: ChannelName) => conns.filter((c) => c.channel === ch && !c.closed);
  const last = (ch: ChannelName) => live(ch).at(-1) as Conn;
  return { clock, actor, conns, live, last, alert, reload };
}

describe('realtime machine', () => {
  it('connects an activated channel and opens on the open event', () => {
    const w = world();
    w.actor.send({ type: 'channel.activate', channel: 'market' });
    expect(w.live('market')).toHaveLength(1);
    w.last('market').send({ type: 'channel.open', channel: 'market' });
    expect(w.actor.getSnapshot().matches({ market: { active: { conn: { live: 'open' } } } })).toBe(
      true,
    );
    expect(w.live('exchange')).toHaveLength(0);
  });

  it('reconnects after a failure with 500 ms × attempt, up to 10 attempts, then alerts and reloads', () => {
    const w = world();
    w.actor.send({ type: 'channel.activate', channel: 'market' });
    for (let attempt = 1; attempt <= 10; attempt++) {
      w.last('market').send({ type: 'channel.closed', channel: 'market', reason: 'down' });
      expect(w.live('market')).toHaveLength(0);
      expect(w.actor.getSnapshot().context.channels.market.attempt).toBe(attempt);
      w.clock.increment(500 * attempt - 1);
      expect(w.live('market')).toHaveLength(0);
      w.clock.increment(1);
      expect(w.live('market')).toHaveLength(1);
    }
    expect(w.alert).not.toHaveBeenCalled();
    w.last('market').send({ type: 'channel.closed', channel: 'market', reason: 'down' });
    expect(w.actor.getSnapshot().matches({ market: { active: { conn: 'failed' } } })).toBe(true);
    expect(w.alert).toHaveBeenCalledTimes(1);
    expect(w.reload).toHaveBeenCalledTimes(1);
  });

  it('a message resets the attempt count', () => {
    const w = world();
    w.actor.send({ type: 'channel.activate', channel: 'market' });
    w.last('market').send({ type: 'channel.closed', channel: 'market', reason: 'x' });
    w.clock.increment(500);
    w.last('market').send({ type: 'channel.open', channel: 'market' });
    w.last('market').send({ type: 'channel.message', channel: 'market' });
    expect(w.actor.getSnapshot().context.channels.market.attempt).toBe(0);
  });

  it('a channel silent for 10 s is stale: closed and reconnected; offline when all active are stale', () => {
    const w = world();
    w.actor.send({ type: 'channel.activate', channel: 'market' });
    const first = w.last('market');
    first.send({ type: 'channel.open', channel: 'market' });
    first.send({ type: 'channel.message', channel: 'market' });
    w.clock.increment(9000);
    expect(first.closed).toBe(false);
    expect(w.actor.getSnapshot().context.offline).toBe(false);
    w.clock.increment(1000);
    expect(first.closed).toBe(true);
    expect(w.actor.getSnapshot().context.channels.market.stale).toBe(true);
    expect(w.actor.getSnapshot().context.offline).toBe(true);
    // Reconnects after 500 ms; data clears the flag.
    w.clock.increment(500);
    const second = w.last('market');
    expect(second).not.toBe(first);
    second.send({ type: 'channel.open', channel: 'market' });
    second.send({ type: 'channel.message', channel: 'market' });
    expect(w.actor.getSnapshot().context.offline).toBe(false);
  });

  it('offline needs every active channel stale', () => {
    const w = world();
    w.actor.send({ type: 'channel.activate', channel: 'market' });
    w.actor.send({ type: 'channel.activate', channel: 'exchange' });
    w.last('market').send({ type: 'channel.open', channel: 'market' });
    w.last('exchange').send({ type: 'channel.open', channel: 'exchange' });
    // The exchange keeps talking every second; the market says nothing.
    for (let s = 0; s < 12; s++) {
      w.clock.increment(1000);
      w.last('exchange')?.send({ type: 'channel.message', channel: 'exchange' });
    }
    expect(w.actor.getSnapshot().context.channels.market.stale).toBe(true);
    expect(w.actor.getSnapshot().context.offline).toBe(false);
    // Deactivating the exchange (sign out) leaves only the stale market: offline.
    w.actor.send({ type: 'channel.deactivate', channel: 'exchange' });
    expect(w.actor.getSnapshot().context.offline).toBe(true);
    expect(w.live('exchange')).toHaveLength(0);
  });

  it('silence keeps counting while a dead network refuses to reconnect', () => {
    const w = world();
    w.actor.send({ type: 'channel.activate', channel: 'market' });
    for (let i = 0; i < 4; i++) {
      w.last('market')?.send({ type: 'channel.closed', channel: 'market', reason: 'down' });
      w.clock.increment(500 * (i + 1));
    }
    w.clock.increment(10_000);
    expect(w.actor.getSnapshot().context.offline).toBe(true);
  });
});
