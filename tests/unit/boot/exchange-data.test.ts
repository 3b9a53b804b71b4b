/**
 * The exchange channel follows the session (ui/boot/exchange-data.ts): a
 * refreshed token for the same account and book keeps the lists shown and the
 * socket, so a stop that fires meanwhile is still seen to go; another account
 * or book starts afresh.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startExchangeData } from '../../../src/ui/boot/exchange-data.ts';
import { applyOrders, onPositionsGone, orders } from '../../../src/state/orders.ts';
import { clearSession, setSession } from '../../../src/state/session.ts';
import { accountOf } from '../../../src/state/token.ts';
import type { Services } from '../../../src/ui/boot/services.ts';
import type { MarketOrder } from '../../../src/api/types/trading.ts';
import { fakeToken } from '../../support/token.ts';

const token = fakeToken;

const tick = () => new Promise((r) => setTimeout(r, 0));

function harness() {
  const auths: (string | undefined)[] = [];
  const sent: string[] = [];
  const s = {
    backend: {
      channels: {
        exchange: { onMessage: () => () => {}, setAuth: (t: string | undefined) => auths.push(t) },
      },
    },
    realtime: { send: (e: { type: string }) => sent.push(e.type) },
  } as unknown as Services;
  return { s, auths, sent };
}

const position = { id: '7', tradePair: 'BTCUSDT', positionStatus: 2 } as MarketOrder;

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  clearSession();
});

describe('the exchange channel and the session', () => {
  it('tells the books apart by account and real or demo', () => {
    expect(accountOf(token('1', '0', 1))).toBe('1:real');
    expect(accountOf(token('1', '1', 1))).toBe('1:demo');
    expect(accountOf('not a token')).toBeUndefined();
  });

  it('a refreshed token keeps the lists and the socket; a stop that fires after it is seen to go', async () => {
    const { s, auths, sent } = harness();
    setSession(token('1', '0', 100));
    stop = startExchangeData(s);
    applyOrders({ ordertype: 'holding', data: [position] });
    applyOrders({ ordertype: 'pending', data: [] });
    sent.length = 0;
    const gone: string[][] = [];
    const off = onPositionsGone((ids) => gone.push([...ids]));

    setSession(token('1', '0', 200));
    await tick();
    // Signed in again on the open socket; nothing emptied, no new connection.
    expect(auths.at(-1)).toBe(token('1', '0', 200));
    expect(sent).toEqual([]);
    expect(orders.holding.map((o) => o.id)).toEqual(['7']);
    expect(orders.loaded).toEqual({ holding: true, pending: true });
    // The server's whole list after the new auth, without the position: it went.
    applyOrders({ ordertype: 'holding', data: [] });
    expect(gone).toEqual([['7']]);
    off();
  });

  it('another book (the demo switch) or another account starts afresh on a new connection', async () => {
    const { s, sent } = harness();
    setSession(token('1', '0', 100));
    stop = startExchangeData(s);
    applyOrders({ ordertype: 'holding', data: [position] });
    sent.length = 0;

    setSession(token('1', '1', 100));
    await tick();
    expect(orders.holding).toEqual([]);
    expect(orders.loaded).toEqual({ holding: false, pending: false });
    expect(sent).toEqual(['channel.deactivate', 'channel.activate']);

    applyOrders({ ordertype: 'holding', data: [position] });
    sent.length = 0;
    setSession(token('2', '1', 100));
    await tick();
    expect(orders.holding).toEqual([]);
    expect(sent).toEqual(['channel.deactivate', 'channel.activate']);
  });
});
