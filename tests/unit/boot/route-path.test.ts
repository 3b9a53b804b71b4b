/** The route under the site's base, as the entry, the inline scripts and the services read it. */
import { describe, expect, it } from 'vitest';
import { routePath } from '../../../src/machines/route-path.ts';

describe('routePath', () => {
  it('is the path under the base, and / for the base itself', () => {
    expect(routePath('/chart/BTCUSDT', '/')).toBe('/chart/BTCUSDT');
    expect(routePath('/trade/chart/BTCUSDT', '/trade/')).toBe('/chart/BTCUSDT');
    expect(routePath('/trade/', '/trade/')).toBe('/');
    expect(routePath('/trade', '/trade/')).toBe('/');
  });
});
