/**
 * The console's site settings (issue: QA set-ups without a file edit): one
 * validator for the site file and a tab's override of it; the override is
 * merged over the file at config load in simulator mode only; a bad value is
 * refused with a message naming the key and changes nothing; the Site pane's
 * form makes an override of what differs from the file only.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { overSiteFile, SITE_OVERRIDE_KEYS } from '../../../src/config/site-override.ts';
import { parseSiteConfig, responsibleOn } from '../../../src/config/site.ts';
import {
  SITE_OVERRIDE_KEY,
  siteOverride,
  withSiteOverride,
} from '../../../src/state/site-override.ts';
import { writeSiteOverride } from '../../../src/state/site-override-kept.ts';
import { overrideOf, SITE_FIELDS, siteForm } from '../../../src/ui/console/site-form.ts';
import { consoleTabs } from '../../../src/ui/console/console-tabs.ts';
import { memoryStorage } from '../../support/storage.ts';

const FILE = JSON.parse(readFileSync('public/config/site.json', 'utf8')) as Record<string, unknown>;
const LIVE = { ...FILE, backend: 'live', live: { roots: {}, ws: { market: '', exchange: '' } } };

describe('the site file validator', () => {
  it('takes the shipped file and every value a site may set', () => {
    expect(parseSiteConfig(FILE).siteName).toBe('Trader');
    const cfg = parseSiteConfig({
      ...FILE,
      languages: ['en', 'zh-cn', 'id'],
      tradeOrder: [2, 3],
      bannerCount: 10,
      colors: { up: '#00f', down: '#ff00ff' },
      depositTypes: ['bank', 'crypto'],
      withdrawTypes: ['crypto'],
      timezone: 'device',
      // A reminder every 3 s (tests/e2e/reality-check.spec.ts), a cooling-off of half an hour.
      realityCheckMinutes: 0.05,
      responsibleTrading: { coolingOffHours: 0.5 },
    });
    expect(cfg.depositTypes).toEqual(['bank', 'crypto']);
    expect(responsibleOn(cfg)).toBe(true);
  });

  it.each([
    [{ bannerCount: 0 }, '"bannerCount" must be a whole number from 1 to 10 (it is 0)'],
    [{ bannerCount: '3' }, '"bannerCount" must be a whole number from 1 to 10 (it is "3")'],
    [{ depositTypes: ['cash'] }, '"depositTypes" must be a list of "crypto", "bank"'],
    [{ depositTypes: [] }, '"depositTypes" must be a list of "crypto", "bank", at least one'],
    [{ depositTypes: ['bank', 'bank'] }, 'each once'],
    [{ languages: ['en', 'xx'] }, '"languages" must be a list of "en"'],
    [
      { defaultLanguage: 'ja', languages: ['en'] },
      '"defaultLanguage" ja must be one of "languages"',
    ],
    [{ template: 'fancy' }, '"template" must be one of "default", "grid"'],
    [{ timezone: 'Mars/Base' }, '"timezone" must be an IANA time zone'],
    [{ colors: { up: 'green', down: '#f00' } }, '"colors" must be { "up", "down" } colours'],
    [{ serviceEmail: 'nobody' }, '"serviceEmail" must be an e-mail address'],
    [{ realityCheckMinutes: 1441 }, '"realityCheckMinutes" must be a number from 0 to 1440'],
    [{ responsibleTrading: 'yes' }, '"responsibleTrading" must be true, false or'],
    [{ responsibleTrading: { coolingOffHours: -1 } }, '"responsibleTrading" must be'],
    [{ flags: { PHONE_REGISTER: 'on' } }, '"flags" must be names set to true or false'],
    [{ siteName: null }, '"siteName" must be a name (it is null)'],
  ])('refuses %j with a message naming the key', (bad, message) => {
    expect(() => parseSiteConfig({ ...FILE, ...bad })).toThrow(message);
  });
});

describe('an override over the file', () => {
  it('sets what it names, through the same validator', () => {
    const cfg = overSiteFile(FILE, { responsibleTrading: true, depositTypes: ['crypto'] });
    expect(responsibleOn(cfg)).toBe(true);
    expect(cfg.depositTypes).toEqual(['crypto']);
    expect(cfg.languages).toEqual(FILE.languages);
  });
  it('refuses a bad value with the file validator’s message', () => {
    expect(() => overSiteFile(FILE, { bannerCount: 99 })).toThrow(
      'site config: "bannerCount" must be a whole number from 1 to 10 (it is 99)',
    );
  });
  it('refuses keys outside what changes what shows (the back end, flags), and any live file', () => {
    expect(() => overSiteFile(FILE, { backend: 'live' })).toThrow(
      'site override: backend cannot be overridden',
    );
    expect(() => overSiteFile(FILE, { flags: { x: true } })).toThrow('flags cannot be overridden');
    expect(() => overSiteFile(LIVE, { responsibleTrading: true })).toThrow(
      'site override: simulator mode only',
    );
    expect(() => overSiteFile(FILE, [])).toThrow('site override is not an object');
  });
});

describe('config load with a tab’s override', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    const memory = memoryStorage();
    store = memory.entries;
    vi.stubGlobal('sessionStorage', memory.storage);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    siteOverride.keys = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('without one, the file alone', async () => {
    expect(await withSiteOverride(FILE)).toEqual(parseSiteConfig(FILE));
    expect(siteOverride.keys).toEqual([]);
    expect(siteOverride.file).toBe(FILE);
  });
  it('merges a kept override over the file and says which keys it changed', async () => {
    expect(writeSiteOverride({ responsibleTrading: true, bannerCount: 3 })).toBe(true);
    const cfg = await withSiteOverride(FILE);
    expect(responsibleOn(cfg)).toBe(true);
    expect(cfg.bannerCount).toBe(3);
    expect(siteOverride.keys).toEqual(['responsibleTrading', 'bannerCount']);
  });
  it('a live file ignores it and drops it', async () => {
    writeSiteOverride({ responsibleTrading: true });
    const cfg = await withSiteOverride(LIVE);
    expect(responsibleOn(cfg)).toBe(false);
    expect(siteOverride.keys).toEqual([]);
    expect(store.has(SITE_OVERRIDE_KEY)).toBe(false);
  });
  it('a kept override the file’s validator refuses (or that is not JSON) leaves the file as it is', async () => {
    store.set(SITE_OVERRIDE_KEY, JSON.stringify({ bannerCount: 0, responsibleTrading: true }));
    expect(await withSiteOverride(FILE)).toEqual(parseSiteConfig(FILE));
    store.set(SITE_OVERRIDE_KEY, '{not json');
    expect(await withSiteOverride(FILE)).toEqual(parseSiteConfig(FILE));
    expect(siteOverride.keys).toEqual([]);
  });
  it('Reset drops it: the next load is the file’s', async () => {
    writeSiteOverride({ template: 'grid' });
    expect((await withSiteOverride(FILE)).template).toBe('grid');
    writeSiteOverride(undefined);
    expect((await withSiteOverride(FILE)).template).toBe('default');
  });
});

describe('the Site pane’s form', () => {
  const file = parseSiteConfig(FILE);

  it('shows every overridable key, and makes no override when nothing is changed', () => {
    const shown = new Set(SITE_FIELDS.map((f) => f.name.split('.')[0]));
    expect([...shown].sort()).toEqual([...SITE_OVERRIDE_KEYS].sort());
    expect(overrideOf(siteForm(file), file)).toEqual({});
  });
  it('holds only what differs from the file, in the file’s own shapes', () => {
    const form = {
      ...siteForm(file),
      responsibleTrading: 'on',
      depositTypes: 'bank, crypto',
      tradeOrder: '2 3',
      realityCheckMinutes: '1',
    };
    const over = overrideOf(form, file);
    expect(over).toEqual({
      responsibleTrading: true,
      depositTypes: ['bank', 'crypto'],
      tradeOrder: [2, 3],
      realityCheckMinutes: 1,
    });
    expect(overSiteFile(FILE, over).realityCheckMinutes).toBe(1);
    const hours = overrideOf({ ...form, 'responsibleTrading.coolingOffHours': '2' }, file);
    expect(hours.responsibleTrading).toEqual({ coolingOffHours: 2 });
  });
  it('keeps a typed text that is no number, so the validator names it', () => {
    const over = overrideOf({ ...siteForm(file), bannerCount: 'three' }, file);
    expect(over).toEqual({ bannerCount: 'three' });
    expect(() => overSiteFile(FILE, over)).toThrow('"bannerCount" must be a whole number');
    expect(() =>
      overSiteFile(FILE, overrideOf({ ...siteForm(file), bannerCount: '' }, file)),
    ).toThrow('(it is "")');
  });
  it('shows an override’s values back (a reload with it applied)', () => {
    const cfg = overSiteFile(FILE, {
      responsibleTrading: { coolingOffHours: 5 },
      withdrawTypes: ['crypto'],
    });
    const form = siteForm(cfg);
    expect(form.responsibleTrading).toBe('on');
    expect(form['responsibleTrading.coolingOffHours']).toBe('5');
    expect(form.withdrawTypes).toBe('crypto');
    expect(overrideOf(form, file)).toEqual({
      responsibleTrading: { coolingOffHours: 5 },
      withdrawTypes: ['crypto'],
    });
  });
});

describe('the Site tab', () => {
  it('is offered in simulator mode only: never by a live console (sim:server’s operator API)', () => {
    expect(consoleTabs('simulator')).toContain('site');
    expect(consoleTabs('live')).not.toContain('site');
    expect(consoleTabs('live')).toContain('flags');
  });
});
