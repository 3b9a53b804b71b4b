/**
 * Fourth-wave conformance rules on the phone (docs/conformance.md): home's
 * header (trading §2), the realtime failure message (trading §4), the unread
 * count on my page's notification row (trading §2), the forgot-password
 * success message (trading §4), and the wallet overview's latest items and
 * amounts (user-centre §9).
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice, signIn } from './sim.ts';

/**
 * The simulator saves a call's change 250 ms after it; a back-office call
 * saves at once (worker.ts), so any one makes the state safe before a page
 * load that may restart the worker.
 */
const saved = (page: Page) => backOffice(page, 'flags');

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

test("phone: home's header has the title, a search button and a service button (trading §2)", async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  const main = page.getByRole('main');
  const header = main.locator('header');
  await expect(header.getByRole('heading', { level: 1, name: 'Markets' })).toBeVisible();
  const search = header.getByRole('link', { name: 'Search', exact: true });
  const service = header.getByRole('link', { name: 'Customer service', exact: true });
  // Icons, not words: each link shows a picture.
  await expect(search.locator('svg')).toBeVisible();
  await expect(search).toHaveText('');
  await expect(service.locator('svg')).toBeVisible();
  await expect(service).toHaveText('');
  await search.click();
  await expect(page).toHaveURL(/\/search$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await service.click();
  await expect(page).toHaveURL(/\/user\/service$/);
  await expect(page.getByRole('link', { name: 'Telegram' })).toBeVisible();
});

test('phone: a silent price channel shows "The network is abnormal…" then "Trying to reconnect...", gone when data is back (trading §4)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  const live = page.locator('[data-testid^="row-bid-"]:not([data-stale="true"])');
  await expect(live.first()).toBeVisible();
  const banner = page.getByRole('alert').filter({ hasText: 'The network is abnormal' });
  // Live prices, no failure message.
  await expect(banner).toHaveCount(0);
  // The simulator's market channel stays connected but says nothing: after 10 s it is stale.
  await backOffice(page, 'freezeChannel', 'market', true);
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toHaveText(
    /^The network is abnormal, please try to refresh the page or exit and enter again\s*·\s*Trying to reconnect\.\.\.$/,
  );
  // Data again: the flag clears and the message goes.
  await backOffice(page, 'freezeChannel', 'market', false);
  await expect(banner).toHaveCount(0, { timeout: 25_000 });
  await expect(live.first()).toBeVisible();
});

test("phone: my page's notification row shows the unread count, which falls as they are read and goes at 0 (trading §2)", async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  const uid = await signIn(page, 'unreadbadge@example.com');
  await backOffice(page, 'sendMessage', uid, 'First news', 'The first message.');
  await backOffice(page, 'sendMessage', uid, 'Second news', 'The second message.');
  await saved(page);
  await page.goto('/user');
  const menu = page.getByRole('list', { name: 'Menu' });
  const row = menu.getByRole('link', { name: /^Notifications/ });
  await expect(row).toHaveText(/^Notifications\s*2$/);

  const read = async (title: string) => {
    await row.click();
    await expect(page).toHaveURL(/\/user\/notification$/);
    await page.getByRole('button', { name: new RegExp(title) }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect(detail).toBeVisible();
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('button', { name: new RegExp(title) })).not.toContainText('Unread');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/user$/);
  };
  await read('Second news');
  await expect(row).toHaveText(/^Notifications\s*1$/);
  await read('First news');
  // All read: the row ends with its arrow, no count.
  await expect(row).toHaveText(/^Notifications\s*›$/);
  await expect(menu).not.toHaveAttribute('aria-busy', 'true');
  await expect(row).not.toHaveText(/\d/);
});

test('phone: forgot password, step 1 then step 2, says "Update successful" and returns to sign in (trading §4)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  const email = 'forgotten@example.com';
  await page.goto('/forgot');
  await backOffice(page, 'seedUser', { email, password: 'secret123' });
  const main = page.getByRole('main');
  // Step 1: the account, then the code.
  await main.getByLabel('E-mail').fill(email);
  await main.getByRole('button', { name: 'Get code' }).click();
  // Step 2: the code that was sent and a new password.
  await expect(main.getByText(`Enter the code sent to ${email}.`)).toBeVisible();
  await expect(main.getByLabel('E-mail')).toHaveCount(0);
  const code = await backOffice<string>(page, 'lastCode', email);
  await main.getByLabel('Verification code').fill(code);
  await main.getByLabel('New password', { exact: true }).fill('better456');
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(
    page.getByRole('status').getByText('Update successful', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The new password signs in.
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('better456');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
});

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
  await page.goto('/user/myWallet');
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
  await expect(page.getByText('Currency conversion successful')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(usdt.getByText('12.3456', { exact: true })).toBeVisible();
  await expect(usdt.getByText('≈ 12.34 USD')).toBeVisible();
  await expect(usdBalance).toHaveText('1222.15');
  await expect(total.getByText('1234.49', { exact: true })).toBeVisible();
  // Loaded: the coin is not rounded to 2 decimals anywhere in its row.
  await expect(usdt.getByText('12.35', { exact: true })).toHaveCount(0);
});
