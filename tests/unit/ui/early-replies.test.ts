import { describe, expect, it, vi } from 'vitest';
import {
  EARLY_FRESH_MS,
  sendToLive,
  sendToSimulator,
  simulatorKey,
  withEarlyReplies,
} from '../../../src/ui/boot/early-replies.ts';
import { wireRequest } from '../../../src/api/request.ts';
import type { Transport, WireResponse } from '../../../src/api/wire.ts';

const reply = (body: string): WireResponse => ({ status: 200, body });
const fresh: Transport = { send: () => Promise.resolve(reply('fresh')) };
const send = (t: Transport, name: 'productList' | 'bannerList') =>
  t.send(wireRequest(name)).then((r) => r.body);

describe('the early product-list call', () => {
  it('answers the first product-list call of the same back end, once', async () => {
    sendToSimulator(() => Promise.resolve(reply('early')));
    const t = withEarlyReplies(fresh, simulatorKey);
    expect(await send(t, 'bannerList')).toBe('fresh');
    expect(await send(t, 'productList')).toBe('early');
    expect(await send(t, 'productList')).toBe('fresh');
  });

  it('is dropped when the app runs another back end', async () => {
    sendToSimulator(() => Promise.resolve(reply('early')));
    const live = withEarlyReplies(fresh, 'live https://api.example/v1');
    expect(await send(live, 'productList')).toBe('fresh');
    expect(await send(withEarlyReplies(fresh, simulatorKey), 'productList')).toBe('fresh');
  });

  it('is not sent to a live server the config does not name', async () => {
    sendToSimulator(() => Promise.resolve(reply('early')));
    sendToLive({ backend: 'simulator' });
    expect(await send(withEarlyReplies(fresh, simulatorKey), 'productList')).toBe('early');
  });
});

describe("the chart gate's early calls", () => {
  const thumb = (symbol: string) => wireRequest('thumb', { symbol });

  it('answer the identical call once; another symbol, a token or an old reply goes to the server', async () => {
    sendToSimulator(() => Promise.resolve(reply('early')), [thumb('BTCUSDT'), thumb('AAPL')]);
    const t = withEarlyReplies(fresh, simulatorKey);
    expect((await t.send(thumb('ETHUSDT'))).body).toBe('fresh');
    expect((await t.send(thumb('BTCUSDT'))).body).toBe('early');
    expect((await t.send(thumb('BTCUSDT'))).body).toBe('fresh');
    const signedIn = thumb('AAPL');
    signedIn.headers.Authorization = 'Bearer x';
    expect((await t.send(signedIn)).body).toBe('fresh');

    const now = performance.now();
    sendToSimulator(() => Promise.resolve(reply('early')), [thumb('BTCUSDT')]);
    const later = vi.spyOn(performance, 'now').mockReturnValue(now + EARLY_FRESH_MS + 1);
    expect((await t.send(thumb('BTCUSDT'))).body).toBe('fresh');
    later.mockRestore();
  });
});
