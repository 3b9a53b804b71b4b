/**
 * Rules the screens follow that the conformance table had as partial because no
 * test pinned them (trading.md §3, §4, §7, §9; user-centre.md §4).
 *
 * Components are rendered with no texts (labels read as their keys) and
 * without a DOM: react-dom/server renders them, and `useEffect` is captured
 * (vi.mock below) so a test can run a component's effects by hand and see the
 * calls they make.
 */
import { readFileSync } from 'node:fs';
import type * as React from 'react';
import { createElement, type EffectCallback } from 'react';
import { keyMarkup } from '../support/keys-only.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketOrder } from '../../src/api/types/trading.ts';
import type { Repayment } from '../../src/api/types/user.ts';
import { DEFAULT_SITE } from '../../src/config/site.ts';
import { initialContext } from '../../src/machines/loan/machine.ts';
import { site } from '../../src/state/site.ts';
import { session } from '../../src/state/session.ts';
import type { Services } from '../../src/ui/boot/services.ts';
import { formatDateTime } from '../../src/ui/format.ts';
import { serviceLinks } from '../../src/ui/screens/service.tsx';
import { ActiveLoan } from '../../src/ui/flows/loan/active.tsx';
import type { Snapshot } from '../../src/ui/flows/loan/kit.tsx';
import { ServicesContext } from '../../src/ui/services-context.tsx';
import { OrderFacts } from '../../src/ui/trade/order-detail.tsx';
import { RunningOptions } from '../../src/ui/trade/running-options.tsx';

const hooks = vi.hoisted(() => ({ effects: [] as Array<() => unknown> }));

vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<typeof React>();
  return {
    ...actual,
    useEffect: (fn: EffectCallback) => {
      hooks.effects.push(fn);
    },
  };
});

const html = (el: ReturnType<typeof createElement>) => keyMarkup(el);

const useZone = (timezone: string) => {
  site.config = { ...DEFAULT_SITE, timezone };
};

afterEach(() => {
  site.config = undefined;
  hooks.effects.length = 0;
});

describe('option history payload (trading.md §7 T-7.19)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for running options with positionStatus 0 and limit 99999, on load and on each refresh', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve({ code: 0 }));
    const services = { api: { call } } as unknown as Services;
    // Asked for while signed in (running-options-feed.ts).
    session.token = 'signed-in';
    hooks.effects.length = 0;
    html(
      createElement(ServicesContext.Provider, { value: services }, createElement(RunningOptions)),
    );
    const cleanups = hooks.effects.map((fn) => fn());
    const running = () => call.mock.calls.filter(([name]) => name === 'userOptionHistory');
    expect(running()).toHaveLength(1);
    expect(running()[0]?.[1]).toEqual({ page: 1, limit: 99999, positionStatus: 0 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(running()).toHaveLength(2);
    expect(running()[1]?.[1]).toEqual({ page: 1, limit: 99999, positionStatus: 0 });
    for (const c of cleanups) if (typeof c === 'function') c();
    session.token = undefined;
  });
});

describe('service config links (trading.md §3, §7 T-3.19)', () => {
  it('reads a type index with bar-separated links: every link of that kind, in order', () => {
    expect(serviceLinks({ type: 1, links: 'https://t.me/desk|https://t.me/desk2' })).toEqual([
      { kind: 'telegram', url: 'https://t.me/desk' },
      { kind: 'telegram', url: 'https://t.me/desk2' },
    ]);
    expect(serviceLinks({ type: 2, links: 'https://wa.me/1555' })).toEqual([
      { kind: 'whatsapp', url: 'https://wa.me/1555' },
    ]);
    expect(
      serviceLinks({ type: 0, links: 'https://chat.example/a| https://chat.example/b' }),
    ).toEqual([
      { kind: 'chat', url: 'https://chat.example/a' },
      { kind: 'chat', url: 'https://chat.example/b' },
    ]);
    expect(serviceLinks({ type: 3, links: 'https://frame.example/x' })).toEqual([
      { kind: 'frame', url: 'https://frame.example/x' },
    ]);
  });
  it('the type-index form wins over url/telegram/whatsapp and still drops links that are not https', () => {
    expect(
      serviceLinks({
        type: 1,
        links: 'http://t.me/plain|https://t.me/ok|javascript:alert(1)',
        url: 'https://chat.example/ignored',
      }),
    ).toEqual([{ kind: 'telegram', url: 'https://t.me/ok' }]);
  });
  it('without a type index reads url, telegram and whatsapp', () => {
    expect(
      serviceLinks({
        url: 'https://chat.example',
        telegram: 'https://t.me/x',
        whatsapp: 'https://wa.me/1',
      }).map((l) => l.kind),
    ).toEqual(['chat', 'telegram', 'whatsapp']);
  });
});

describe('display time zone (trading.md §9 T-9.21)', () => {
  // 2024-07-01 12:00:00 UTC: London is on summer time, New York on EDT.
  const instant = Date.UTC(2024, 6, 1, 12, 0, 0);

  it("formats the same instant in the site's zone: Abidjan, New York and London give their own wall times", () => {
    useZone('Africa/Abidjan');
    expect(formatDateTime(instant)).toBe('2024-07-01 12:00:00');
    useZone('America/New_York');
    expect(formatDateTime(instant)).toBe('2024-07-01 08:00:00');
    useZone('Europe/London');
    expect(formatDateTime(instant)).toBe('2024-07-01 13:00:00');
  });
  it("dates follow the site's zone too: 02:00 UTC is still the day before in New York", () => {
    const early = Date.UTC(2024, 0, 2, 2, 0, 0);
    useZone('America/New_York');
    expect(formatDateTime(early, true)).toBe('2024-01-01');
    useZone('Africa/Abidjan');
    expect(formatDateTime(early, true)).toBe('2024-01-02');
  });
  it("'device' formats in the device's own zone", () => {
    useZone('device');
    const d = new Date(instant);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime(instant)).toBe(
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    );
  });
});

describe('loan repayment record statuses (user-centre.md §4 U-4.17)', () => {
  const record = (status: Repayment['status'], createTime: number): Repayment => ({
    amount: 100,
    amountOwed: 900,
    status,
    createTime,
  });
  const render = (records: Repayment[]) => {
    const state = {
      context: {
        ...initialContext,
        status: 1,
        loan: {
          id: '1',
          uid: 'L1',
          amount: 1000,
          days: 7,
          guarantor: '123',
          repaymentDate: null,
          status: 1,
        },
        owed: 900,
        records,
      },
      matches: () => false,
      hasTag: () => false,
    } as unknown as Snapshot;
    return html(createElement(ActiveLoan, { state, send: () => {} }));
  };
  const badge = (page: string, status: number) =>
    new RegExp(`<span class="status ([^"]+)">cards\\.loan\\.record_${status}</span>`).exec(
      page,
    )?.[1];

  it('labels 0 under review, 1 approved, 2 rejected: 2 red, 1 green, 0 open (neither)', () => {
    const page = render([record(0, 3), record(1, 2), record(2, 1)]);
    expect(badge(page, 2)).toBe('red');
    expect(badge(page, 1)).toBe('green');
    expect(badge(page, 0)).toBeDefined();
    expect(['red', 'green']).not.toContain(badge(page, 0));
    const labels = [...page.matchAll(/cards\.loan\.record_(\d)/g)].map((m) => m[1]);
    expect(labels).toEqual(['0', '1', '2']);
    const en = JSON.parse(readFileSync('src/i18n/locales/en.json', 'utf8')) as {
      cards: { loan: Record<string, string> };
    };
    expect([0, 1, 2].map((s) => en.cards.loan[`record_${s}`])).toEqual([
      'In review',
      'Approved',
      'Rejected',
    ]);
  });
});

describe('market order detail times (trading.md §4 T-4.30, user-centre.md §4 U-4.14)', () => {
  const placed = Date.UTC(2024, 2, 5, 9, 15, 30);
  const covered = Date.UTC(2024, 2, 5, 10, 45, 0);
  const order = (positionStatus: MarketOrder['positionStatus']): MarketOrder => ({
    id: '42',
    uid: 'U42',
    orderType: 0,
    buyPoint: 2,
    tradePair: 'BTCUSDT',
    productName: 'BTCUSDT',
    orderQuantity: 0.1,
    securityDepositInitial: 10,
    openingPrice: 100,
    currentPrice: 101,
    stopPrice: null,
    takeProfitPrice: null,
    profitLoss: 1,
    feeAmount: 0.1,
    transactionTimeTs: placed,
    closingTimeTs: covered,
    positionStatus,
  });
  const facts = (status: MarketOrder['positionStatus']) => {
    const page = html(createElement(OrderFacts, { o: order(status) }));
    const row = (label: string) =>
      new RegExp(`<dt>${label.replace('.', '\\.')}</dt><dd>([^<]*)</dd>`).exec(page)?.[1];
    return { place: row('position.placeTime'), cover: row('position.coverTime') };
  };
  beforeEach(() => useZone('Africa/Abidjan'));

  it('shows the place time for states 2 and 3 and the cover time for 3 only', () => {
    expect(facts(2)).toEqual({ place: '2024-03-05 09:15:30', cover: undefined });
    expect(facts(3)).toEqual({ place: '2024-03-05 09:15:30', cover: '2024-03-05 10:45:00' });
  });
  it('shows neither time for states 1 and 4', () => {
    expect(facts(1)).toEqual({ place: undefined, cover: undefined });
    expect(facts(4)).toEqual({ place: undefined, cover: undefined });
  });
});
