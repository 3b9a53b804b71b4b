/** `/login?to=…`: after sign-in the app goes only to a path on its own origin. */
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../../../src/machines/routes.ts';

const ORIGIN = 'https://trade.example.com';

describe('safeReturnPath', () => {
  it.each([
    ['//evil.example'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['evil.example/path'],
    [''],
    [null],
  ])('sends %j home', (to) => {
    expect(safeReturnPath(to, ORIGIN)).toBe('/');
  });

  it('keeps a same-origin path with its search and hash', () => {
    expect(safeReturnPath('/ok/path', ORIGIN)).toBe('/ok/path');
    expect(safeReturnPath('/user/wallet/bankCard?tab=2#top', ORIGIN)).toBe(
      '/user/wallet/bankCard?tab=2#top',
    );
    expect(safeReturnPath('/BTCUSDT/chart', ORIGIN)).toBe('/BTCUSDT/chart');
  });
});
