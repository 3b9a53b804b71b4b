/**
 * My wallet on a phone: the overview's latest items and the amounts in USD
 * and other coins (user-centre §9).
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice, signIn, saved, go } from './sim.ts';

/** A 1×1 PNG: a real picture for a deposit proof. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Reply {
  code: number;
  data: unknown;
}

/** The app's client, exposed to tests (a type only: the calls run in the page). */
interface TraderWindow {
  __TRADER_API__: { call(n: string, p?: unknown): Promise<Reply> };
}

/**
 * Call the app's API as the signed-in user (what a user's many orders and
 * deposits would have sent). The app exposes its client when a test sets
 * window.__TRADER_INSPECT__ before it loads (src/ui/boot/services.ts).
 */
async function userCall<T>(page: Page, name: string, payload?: unknown): Promise<T> {
  await page.waitForFunction(() => !!(window as unknown as Partial<TraderWindow>).__TRADER_API__);
  const r = await page.evaluate(
    async ([n, p]) => {
      const api = (window as unknown as TraderWindow).__TRADER_API__;
      const { code, data } = await api.call(n, p);
      return { code, data };
    },
    [name, payload] as const,
  );
  expect(r.code, `${name} answers 0`).toBe(0);
  return r.data as T;
}

/** A crypto deposit request with its proof image (USDT TRC20, network 101). */
async function deposit(page: Page, amount: number): Promise<void> {
  const r = await page.evaluate(
    async ([amt, b64]) => {
      const api = (window as unknown as TraderWindow).__TRADER_API__;
      const proof = new Blob([Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))], {
        type: 'image/png',
      });
      const metaData = JSON.stringify({ coinId: '101', amt: String(amt), said: '', locale: 'en' });
      const { code } = await api.call('userDeposit', { metaData, depositProof: proof });
      return code;
    },
    [amount, PNG] as const,
  );
  expect(r, `deposit of ${amount} answers 0`).toBe(0);
}

test.describe('wallet overview', () => {
  // The app's API client, for the test to place orders and deposits as the user would.
  test.beforeEach(({ page }) =>
    page.addInitScript(() => {
      (window as unknown as { __TRADER_INSPECT__: unknown[] }).__TRADER_INSPECT__ = [];
    }),
  );

  test('phone: the wallet overview shows the 5 latest trades and the 5 latest deposits, of 6 each (user-centre §9)', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(MOBILE);
    const uid = await signIn(page, 'latestfive@example.com', 50_000);
    const info = (
      await userCall<Record<string, { minCount: number; multiple: number }>>(
        page,
        'productOrderInfo',
        { productCode: 'BTCUSDT' },
      )
    ).BTCUSDT!;
    const orders: string[] = [];
    for (let i = 0; i < 6; i++)
      orders.push(
        String(
          await userCall<string | number>(page, 'addOrder', {
            tradePair: 'BTCUSDT',
            price: 0,
            stopPrice: null,
            takeProfitPprice: null,
            orderQuantity: info.minCount,
            multiple: info.multiple,
            orderType: 0,
            buyPoint: 2,
          }),
        ),
      );
    // Six deposits, each approved (at most five may wait for review at once).
    for (let i = 1; i <= 6; i++) {
      await deposit(page, 1000 + i);
      const [request] = await backOffice<Array<{ id: string }>>(page, 'walletRequests', uid);
      await backOffice(page, 'approveDeposit', request!.id);
    }
    await saved(page);

    await page.goto('/user/myWallet');
    const trades = page.getByRole('region', { name: 'Latest transactions' });
    const tradeRows = trades.getByRole('button', { name: /^BTCUSDT / });
    // Newest first: the last order is there, the first is the one left out.
    await expect(trades.getByRole('button', { name: `BTCUSDT ${orders[5]}` })).toBeVisible();
    await expect(tradeRows).toHaveCount(5);
    await expect(trades.getByRole('button', { name: `BTCUSDT ${orders[0]}` })).toHaveCount(0);

    const deposits = page.getByRole('region', { name: 'Latest deposits and withdrawals' });
    const depositRows = deposits.getByRole('article', { name: /^Deposit / });
    await expect(deposits.getByRole('article', { name: 'Deposit 1006 USDT' })).toBeVisible();
    await expect(depositRows).toHaveCount(5);
    await expect(deposits.getByRole('article', { name: 'Deposit 1001 USDT' })).toHaveCount(0);

    // All of them are one tap away.
    await deposits.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/user\/wallet\/depositList$/);
    await expect(page.getByRole('article', { name: 'Deposit 1001 USDT' })).toBeVisible();
  });
});

test('phone: my wallet counts in USD with 2 decimals and shows other coins as they are (user-centre §9)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'rawcoins@example.com', 1234.5);
  await go(page, '/user/myWallet');
  const total = page.getByRole('region', { name: 'Total assets' });
  await expect(total.getByText('Total assets (USD)')).toBeVisible();
  await expect(total.getByText('1234.50', { exact: true })).toBeVisible();
  const coins = page.getByRole('list', { name: 'Currencies' });
  const usd = coins.getByRole('listitem', { name: 'USD', exact: true });
  const usdt = coins.getByRole('listitem', { name: 'USDT', exact: true });
  const eth = coins.getByRole('listitem', { name: 'ETH', exact: true });
  // USD with 2 decimals (the server says 1234.5); an empty coin reads 0, not 0.00.
  // (The row's balance, not its USD value beside it: the same figure for USD.)
  const usdBalance = usd.locator('[data-figure="wallet.USD.balance"]');
  await expect(usdBalance).toHaveText('1234.50');
  await expect(eth.getByText('0', { exact: true })).toBeVisible();

  // 12.3456 USDT in (4 decimals, free): the coin keeps its 4 decimals, USD keeps 2.
  await usdt.getByRole('button', { name: 'Transfer in USDT' }).click();
  const drawer = page.getByRole('dialog', { name: 'Transfer in USDT' });
  await drawer.getByLabel('Amount (USDT)').fill('12.3456');
  await drawer.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveShownToast('Currency conversion successful');
  await expect(drawer).toBeHidden();
  await expect(usdt.getByText('12.3456', { exact: true })).toBeVisible();
  await expect(usdt.getByText('≈ 12.34 USD')).toBeVisible();
  await expect(usdBalance).toHaveText('1222.15');
  await expect(total.getByText('1234.49', { exact: true })).toBeVisible();
  // Loaded: the coin is not rounded to 2 decimals anywhere in its row.
  await expect(usdt.getByText('12.35', { exact: true })).toHaveCount(0);
});
