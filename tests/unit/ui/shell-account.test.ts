/**
 * The boot shell's last-seen positions (issue 31 item 3): the record the
 * positions screen keeps (trade/positions-shell.ts) is painted only for the
 * account it belongs to, and is gone when the session ends or turns to
 * another account (boot/shell-account.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MarketOrder } from '../../../src/api/types/trading.ts';
import { allTexts, createI18n } from '../../../src/i18n/index.ts';
import { accountRecord } from '../../../src/ui/trade/positions-shell.ts';
import {
  ACCOUNT_KEY,
  accountHtml,
  forgetOtherAccount,
  readAccountView,
} from '../../../src/ui/boot/shell-account.ts';
import { SERVER_OFFSET_KEY, SESSION_KEY } from '../../../src/state/token.ts';
import { fakeToken } from '../../support/token.ts';

const store = new Map<string, string>();
const read = (k: string) => store.get(k) ?? null;
const token = fakeToken;
const signIn = (t: string | undefined) => store.set(SESSION_KEY, JSON.stringify({ token: t }));

const order = (id: string, orderType: 0 | 1, profitLoss: number, tradePair = 'BTCUSDT') =>
  ({
    id,
    uid: '7',
    orderType,
    buyPoint: 0,
    tradePair,
    productName: tradePair,
    orderQuantity: 0.5,
    securityDepositInitial: 100,
    openingPrice: 60000,
    currentPrice: 60123.4,
    stopPrice: null,
    takeProfitPrice: null,
    profitLoss,
    feeAmount: 1,
    transactionTimeTs: null,
    closingTimeTs: null,
    positionStatus: 2,
  }) as unknown as MarketOrder;

beforeEach(() => {
  store.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: read,
    setItem: (k: string, v: string) => store.set(k, String(v)),
    removeItem: (k: string) => store.delete(k),
  };
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

async function keep(account: string, holding: MarketOrder[]) {
  const { t } = await createI18n('en');
  // The positions screen (a lazy one) writes the record: all of English is in by then.
  await allTexts();
  const summary = { profitLoss: 61.7, netValue: 1061.7, available: 900 };
  store.set(ACCOUNT_KEY, JSON.stringify(accountRecord(t, account, summary, holding)));
}

describe('boot shell positions', () => {
  it("paints the summary and open positions as the screen showed them, for that account's session", async () => {
    await keep('7:demo', [order('1', 0, 61.7), order('2', 1, -3.5, 'AAPL')]);
    signIn(token('7', '1'));
    const html = accountHtml(readAccountView(read)!);
    expect(html).toContain('<h1 class="boot-title">Position</h1>');
    expect(html).toContain(
      '<p class="stale-note" role="status">Last prices seen, not live yet</p>',
    );
    expect(html).toContain(
      '<dt>Net worth</dt><dd data-num="amount" data-unit="USD" data-stale="true" title="Last prices seen, not live yet"><bdi dir="ltr">1061.70</bdi><span class="boot-vh">, last seen, not live</span></dd>',
    );
    expect(html).toContain('<ul class="boot-orders" aria-label="Positions (2)">');
    expect(html).toMatch(
      /<b>BTCUSDT<\/b><span class="side buy">Buy<\/span><span class="pnl" data-num="pnl" data-unit="USD" data-stale="true"[^>]*><bdi dir="ltr">61.70</,
    );
    expect(html).toMatch(/<b>AAPL<\/b><span class="side sell">Sell<\/span>.*-3.50/);
    expect(html).toContain(
      'Place price <span data-num="price" data-unit="BTCUSDT" data-stale="true"',
    );
  });

  it('paints nothing for another account, the other mode of the same user, or no session', async () => {
    await keep('7:demo', [order('1', 0, 1)]);
    signIn(token('8', '1'));
    expect(readAccountView(read)).toBeUndefined();
    signIn(token('7', '0'));
    expect(readAccountView(read)).toBeUndefined();
    signIn(undefined);
    expect(readAccountView(read)).toBeUndefined();
    store.delete(SESSION_KEY);
    expect(readAccountView(read)).toBeUndefined();
  });

  it('paints nothing from a session the stored token says has expired (renewed on arrival, maybe refused)', async () => {
    await keep('7:demo', [order('1', 0, 1)]);
    const now = Date.UTC(2026, 10, 30, 12);
    signIn(token('7', '1', now / 1000 - 1));
    expect(readAccountView(read, now)).toBeUndefined();
    signIn(token('7', '1', now / 1000));
    expect(readAccountView(read, now)).toBeUndefined();
    // Still good, though near its end (renewed in the background): painted.
    signIn(token('7', '1', now / 1000 + 60));
    expect(readAccountView(read, now)?.positions).toHaveLength(1);
    // Judged on the server's clock: a device 2 minutes slow still sees it expired.
    store.set(SERVER_OFFSET_KEY, JSON.stringify(120_000));
    expect(readAccountView(read, now)).toBeUndefined();
    store.delete(SERVER_OFFSET_KEY);
  });

  it('says when there are none, and refuses a broken record', async () => {
    await keep('7:real', []);
    signIn(token('7', '0'));
    expect(accountHtml(readAccountView(read)!)).toContain('<p class="boot-empty">No orders</p>');
    const good = JSON.parse(store.get(ACCOUNT_KEY)!) as Record<string, unknown>;
    store.set(ACCOUNT_KEY, JSON.stringify({ ...good, v: 2 }));
    expect(readAccountView(read)).toBeUndefined();
    store.set(ACCOUNT_KEY, JSON.stringify({ ...good, positions: [{ pair: 'X' }] }));
    expect(readAccountView(read)).toBeUndefined();
  });

  it('is removed when the session ends or turns to another account, kept for the same one', async () => {
    await keep('7:demo', [order('1', 0, 1)]);
    forgetOtherAccount(token('7', '1'));
    expect(store.has(ACCOUNT_KEY)).toBe(true);
    forgetOtherAccount(token('7', '0'));
    expect(store.has(ACCOUNT_KEY)).toBe(false);
    await keep('7:demo', [order('1', 0, 1)]);
    forgetOtherAccount(undefined);
    expect(store.has(ACCOUNT_KEY)).toBe(false);
  });

  it('escapes what it paints', async () => {
    await keep('7:demo', [order('1', 0, 1, '<img src=x onerror=alert(1)>')]);
    signIn(token('7', '1'));
    const html = accountHtml(readAccountView(read)!);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
