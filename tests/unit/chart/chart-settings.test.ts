/** Chart settings: the three-per-kind limit, what is kept per symbol, and spotting a market reconnect. */
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { toggleIndicator } from '../../../src/ui/chart/indicator-settings.ts';
import {
  DEFAULT_CHOICE,
  readSymbolChart,
  writeSymbolChart,
} from '../../../src/ui/chart/chart-storage.ts';
import { marketOpen } from '../../../src/ui/chart/use-market-reconnect.ts';
import { realtimeMachine, type RealtimeEvent } from '../../../src/machines/realtime/machine.ts';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
});

describe('indicator choice', () => {
  it('adds up to 3 of a kind and refuses a fourth, leaving the list as it was', () => {
    let list: string[] = [];
    for (const n of ['MA', 'EMA', 'BOLL']) {
      const r = toggleIndicator(list, n);
      expect(r.refused).toBe(false);
      list = r.list;
    }
    expect(toggleIndicator(list, 'BBI')).toEqual({ list: ['MA', 'EMA', 'BOLL'], refused: true });
    expect(toggleIndicator(list, 'EMA')).toEqual({ list: ['MA', 'BOLL'], refused: false });
  });
});

describe('per-symbol storage', () => {
  it('starts from the defaults and keeps each symbol apart', () => {
    expect(readSymbolChart('BTCUSDT')).toEqual({ ...DEFAULT_CHOICE, drawings: [] });
    writeSymbolChart('BTCUSDT', {
      main: ['BOLL'],
      drawings: [
        {
          tool: 'ray',
          points: [
            { timestamp: 1, value: 2 },
            { timestamp: 3, value: 4 },
          ],
        },
      ],
    });
    expect(readSymbolChart('BTCUSDT').main).toEqual(['BOLL']);
    expect(readSymbolChart('BTCUSDT').drawings).toHaveLength(1);
    expect(readSymbolChart('ETHUSDT')).toEqual({ ...DEFAULT_CHOICE, drawings: [] });
  });

  it('drops what it cannot trust: unknown names, duplicates, more than 3, broken drawings', () => {
    store.set(
      'chart:X',
      JSON.stringify({
        main: ['MA', 'MA', 'NOPE', 'EMA', 'SMA', 'BBI'],
        sub: 'VOL',
        drawings: [
          { tool: 'ray', points: [{ timestamp: 'x', value: 1 }] },
          { tool: 'laser', points: [] },
          { tool: 'horizontal', points: [{ timestamp: 5, value: 6 }] },
        ],
      }),
    );
    expect(readSymbolChart('X')).toEqual({
      main: ['MA', 'EMA', 'SMA'],
      sub: [...DEFAULT_CHOICE.sub],
      drawings: [{ tool: 'horizontal', points: [{ timestamp: 5, value: 6 }] }],
    });
    store.set('chart:Y', '{not json');
    expect(readSymbolChart('Y')).toEqual({ ...DEFAULT_CHOICE, drawings: [] });
  });
});

describe('market reconnect', () => {
  it('tells when the market channel is open, whatever the nesting of its region', () => {
    let send: ((e: RealtimeEvent) => void) | undefined;
    const actor = createActor(
      realtimeMachine.provide({
        actors: {
          connection: fromCallback<RealtimeEvent, { channel: 'market' | 'exchange' }>(
            ({ input, sendBack }) => {
              if (input.channel === 'market') send = sendBack;
            },
          ),
        },
      }),
    ).start();
    expect(marketOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'channel.activate', channel: 'market' });
    send?.({ type: 'channel.open', channel: 'market' });
    expect(marketOpen(actor.getSnapshot())).toBe(true);
    send?.({ type: 'channel.closed', channel: 'market', reason: 'dropped' });
    expect(marketOpen(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});
