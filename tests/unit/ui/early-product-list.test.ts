import { describe, expect, it } from 'vitest';
import {
  sendToLive,
  sendToSimulator,
  simulatorKey,
  withEarlyProductList,
} from '../../../src/ui/boot/early-product-list.ts';
import { wireRequest } from '../../../src/api/request.ts';
import type { Transport, WireResponse } from '../../../src/api/wire.ts';

const reply = (body: string): WireResponse => ({ status: 200, body });
const fresh: Transport = { send: () => Promise.resolve(reply('fresh')) };
const send = (t: Transport, name: 'productList' | 'bannerList') =>
  t.send(wireRequest(name)).then((r) => r.body);

describe('the early product-list call', () => {
  it('answers the first product-list call of the same back end, once', async () => {
    sendToSimulator(() => Promise.resolve(reply('early')));
    const t = withEarlyProductList(fresh, simulatorKey);
    expect(await send(t, 'bannerList')).toBe('fresh');
    expect(await send(t, 'productList')).toBe('early');
    expect(await send(t, 'productList')).toBe('fresh');
  });

  it('is dropped when the app runs another back end', async () => {
    sendToSimulator(() => Promise.resolve(reply('early')));
    const live = withEarlyProductList(fresh, 'live https://api.example/v1');
    expect(await send(live, 'productList')).toBe('fresh');
    expect(await send(withEarlyProductList(fresh, simulatorKey), 'productList')).toBe('fresh');
  });

  it('is not sent to a live server the config does not name', async () => {
    sendToSimulator(() => Promise.resolve(reply('early')));
    sendToLive({ backend: 'simulator' });
    expect(await send(withEarlyProductList(fresh, simulatorKey), 'productList')).toBe('early');
  });
});
