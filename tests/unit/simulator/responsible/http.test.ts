/** Over real HTTP to the Node host: rtSetLimits, and an order the limit refuses with its data. */
import { afterEach, describe, expect, it } from 'vitest';
import type { PriceEntry } from '../../../../src/api/types/trading.ts';
import { hostApi } from '../../../support/sim.ts';
import { startHost, type Host } from '../host/kit.ts';
import { limits } from './support.ts';
import { minimumBuy } from '../trading/support.ts';

let h: Host | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('responsible trading over HTTP', () => {
  it('sets limits and refuses a real order that would pass one', async () => {
    h = await startHost();
    const { uid, token } = await h.sim.backOffice.seedUser({
      email: 'http@example.com',
      password: 'secret123',
      deposit: 50_000,
    });
    const api = hostApi(h.srv.url, () => token);
    const set = await api.call('rtSetLimits', { limits: limits({ turnover: { day: 1 } }) });
    expect(set.code).toBe(0);
    expect(set.data?.limits.turnover).toEqual({ day: 1 });
    expect(set.data?.timezone).toBe('America/New_York');
    const bad = await api.call('rtSetLimits', { limits: { deposit: { day: -5 } } } as never);
    expect(bad.code).toBe(1001);
    const q = (await api.call('thumb', { symbol: 'BTCUSDT' })).data as PriceEntry;
    const r = await api.call('addOrder', minimumBuy('BTCUSDT', q.price, token));
    expect(r.code).toBe(1122);
    expect(r.reply?.data).toMatchObject({ limit: 'turnover', period: 'day', amount: 1, used: 0 });
    expect(Object.values(h.sim.ctx.state.trading.orders).filter((o) => o.uid === uid)).toEqual([]);
    expect((await api.call('rtLimits', {})).data?.limits.turnover).toEqual({ day: 1 });
  });
});
