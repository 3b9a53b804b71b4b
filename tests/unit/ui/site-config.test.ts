/**
 * Site-config rules of trading.md: the banner count default (§9) and the
 * wallet-only redirect setting (§1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE, parseSiteConfig } from '../../../src/config/site.ts';
import { BANNER_AUTOPLAY_MS, HOT_PRODUCTS } from '../../../src/config/constants.ts';
import { walletOnlyTarget, type Device } from '../../../src/config/wallet-only.ts';
import { formatDateTime, money } from '../../../src/ui/format.ts';

describe('banners (trading §9)', () => {
  it('one banner by default, 3 s autoplay, 3 hot products; a site may set 3 or 10', () => {
    expect(DEFAULT_SITE.bannerCount).toBe(1);
    expect(parseSiteConfig({}).bannerCount).toBe(1);
    expect(parseSiteConfig({ bannerCount: 10 }).bannerCount).toBe(10);
    expect(BANNER_AUTOPLAY_MS).toBe(3000);
    expect(HOT_PRODUCTS).toBe(3);
    const shipped = JSON.parse(readFileSync('public/config/site.json', 'utf8')) as {
      bannerCount?: number;
    };
    expect(shipped.bannerCount ?? DEFAULT_SITE.bannerCount).toBe(1);
  });
});

describe('site defaults (trading §1, §9)', () => {
  it('English first; zh-cn and id left out unless a site lists them; trade order 3,2,1,4 plus 5', () => {
    expect(DEFAULT_SITE.defaultLanguage).toBe('en');
    expect(DEFAULT_SITE.languages).not.toContain('zh-cn');
    expect(DEFAULT_SITE.languages).not.toContain('id');
    expect(DEFAULT_SITE.languages).toEqual([
      'en',
      'zh-tw',
      'ja',
      'de',
      'fr',
      'it',
      'ko',
      'es',
      'vi',
      'th',
      'ar',
    ]);
    expect(parseSiteConfig({ languages: ['en', 'zh-cn', 'id'] }).languages).toEqual([
      'en',
      'zh-cn',
      'id',
    ]);
    expect(DEFAULT_SITE.tradeOrder).toEqual([3, 2, 1, 4, 5]);
    expect(DEFAULT_SITE.colors).toEqual({ up: '#16a34a', down: '#dc2626' });
  });
  it('dates read YYYY-MM-DD and YYYY-MM-DD HH:mm:ss in the site time zone; money has 2 decimals', () => {
    const ts = Date.UTC(2024, 0, 5, 14, 3, 9);
    expect(formatDateTime(ts, false, 'UTC')).toBe('2024-01-05 14:03:09');
    expect(formatDateTime(ts, true, 'UTC')).toBe('2024-01-05');
    expect(formatDateTime(ts, false, 'America/New_York')).toBe('2024-01-05 09:03:09');
    expect(formatDateTime(Date.UTC(2024, 0, 5, 0, 0, 0), false, 'UTC')).toBe('2024-01-05 00:00:00');
    expect(money(100000)).toBe('100000.00');
    expect(money('12.5')).toBe('12.50');
  });
});

describe('wallet-only redirect (trading §1)', () => {
  const CHROME =
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';
  const setting = { wallet: 'Coinbase', browserAgent: 'CoinbaseWallet', page: '/wallet.html' };
  const device = (over: Partial<Device> = {}): Device => ({
    userAgent: CHROME,
    nativeBridge: false,
    href: 'https://trader.example/quotation',
    ...over,
  });

  it('no setting: no redirect', () => {
    expect(walletOnlyTarget(undefined, device())).toBeUndefined();
    expect(parseSiteConfig({}).walletOnly).toBeUndefined();
  });
  it('a plain browser goes to the wallet page', () => {
    expect(walletOnlyTarget(setting, device())).toBe('https://trader.example/wallet.html');
    expect(walletOnlyTarget({ ...setting, page: 'https://w.example/only' }, device())).toBe(
      'https://w.example/only',
    );
  });
  it("the wallet's browser and the mobile app stay", () => {
    expect(walletOnlyTarget(setting, device({ userAgent: `${CHROME} coinbasewallet/3.1` }))).toBe(
      undefined,
    );
    expect(walletOnlyTarget(setting, device({ userAgent: `${CHROME} TraderApp/2` }))).toBe(
      undefined,
    );
    expect(
      walletOnlyTarget({ ...setting, appAgent: 'MyApp' }, device({ userAgent: `${CHROME} MyApp` })),
    ).toBe(undefined);
    expect(walletOnlyTarget(setting, device({ nativeBridge: true }))).toBeUndefined();
  });
  it('never redirects the wallet page to itself', () => {
    expect(walletOnlyTarget(setting, device({ href: 'https://trader.example/wallet.html' }))).toBe(
      undefined,
    );
  });
});
