/**
 * Issue 29's acceptance, on a phone, in the page's simulator and over the
 * wire (@live): a reviewer opens the shared "position about to be stopped out
 * by a gap" scenario (a share link in simulator mode; the operator API loads
 * it into `sim:server`), signs in as its user, fires a -2 % gap on BTCUSDT
 * from the back office, and sees the stop fill at the gap price: the
 * position is gone, history gives the close price and the reason, and the
 * available balance is the one the ledger holds after the fill.
 */
import { readFileSync } from 'node:fs';
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice, go, submitSignIn } from './sim.ts';

const EMAIL = 'gap.trader@example.com';
const doc = JSON.parse(readFileSync('public/scenarios/gap-stop.json', 'utf8')) as {
  description: string;
  state: { ledger: Record<string, string> };
};
/** A number as the screens show it (thousands grouped). */
const num = (s: string | null) => Number((s ?? '').replace(/[^\d.-]/g, ''));

interface Order {
  id: string;
  positionStatus: number;
  currentPrice: number;
  stopPrice: number | null;
  profitLoss: number;
  securityDepositInitial: number;
  closeReason?: string;
}

test(
  'phone: the gap scenario from a share link: a -2 % gap fills the stop at the gap price in positions, history and the balance',
  { tag: '@live' },
  async ({ page, live, consoleErrors }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(MOBILE);
    // The live server is this worker's: its world is put back afterwards.
    const before = live ? await live.call('saveScenario') : undefined;
    try {
      if (live) {
        await live.call('loadScenario', doc);
        await page.goto('/login');
      } else {
        await page.goto('/login?scenario=gap-stop');
        // Loaded before the app started; the parameter is gone.
        await expect(page).toHaveURL(/\/login$/);
      }
      expect(doc.description).toContain(`${EMAIL} / demo1234`);
      await submitSignIn(page, { email: EMAIL }, 'demo1234');
      await page.waitForURL(/\/$/);
      const uid = await backOffice<string>(page, 'userByLogin', EMAIL);

      await go(page, '/position');
      await expect(page.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();
      const [open] = await backOffice<Order[]>(page, 'tradingOrders', uid, 'real');
      expect(open).toMatchObject({ positionStatus: 2 });
      // The cash the scenario holds beside the position's margin (the ledger's).
      const cashBefore = Number(doc.state.ledger[`u:${uid}:real:USD`]);

      // The operator gaps BTCUSDT down 2 %: through the stop, 1 % under the price.
      await backOffice(page, 'marketGap', ['BTCUSDT'], -2);
      await expect(page.getByRole('tab', { name: 'Positions (0)' })).toBeVisible({
        timeout: 15_000,
      });
      // Said, with the gap price (the closed list's figures).
      await expect(page).toHaveShownToast(/^Stop loss hit: BTCUSDT closed at /);

      const [closed] = await backOffice<Order[]>(page, 'tradingOrders', uid, 'real');
      expect(closed).toMatchObject({ id: open!.id, positionStatus: 3, closeReason: 'stopLoss' });
      // The gap price: 2 % under the price before it (give or take the moment's move), under the stop.
      expect(closed!.currentPrice).toBeLessThan(open!.stopPrice!);
      expect(closed!.currentPrice / open!.currentPrice).toBeGreaterThan(0.975);
      expect(closed!.currentPrice / open!.currentPrice).toBeLessThan(0.985);
      // Prices show the product's two decimals, not grouped.
      const at = closed!.currentPrice.toFixed(2);

      // The balance: the margin is back, with the loss taken at the gap price.
      const available = page.locator('[aria-label="Summary"] dd').nth(2);
      const expected = cashBefore + open!.securityDepositInitial + closed!.profitLoss;
      await expect.poll(async () => num(await available.textContent())).toBeCloseTo(expected, 2);

      // History: its close price is the gap price, the reason a stop loss.
      await go(page, '/history');
      const row = page.getByRole('button', { name: /^BTCUSDT \d+$/ }).first();
      await expect(row).toContainText('Close price');
      await expect(row).toContainText(at);
      await expect(row).toContainText('Stop loss');
      expect(consoleErrors).toEqual([]);
    } finally {
      if (live && before) await live.call('loadScenario', before);
    }
  },
);

test('phone: the console’s Scenarios tab lists the library and loads one; a bookmark goes back to the moment it was taken', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await page.locator('.console-launcher').click();
  const office = page.getByRole('dialog', { name: 'Simulator back office' });
  await office.getByRole('tab', { name: 'Scenarios' }).click();
  const library = office.getByRole('list', { name: 'Library' });
  await expect(library.getByRole('listitem')).toHaveCount(6);
  await expect(library).toContainText('new-trader · A new trader with a funded account');

  // A bookmark of the empty world, kept across the load below (the worker's memory).
  await office.getByLabel('Bookmark name').fill('empty');
  await office.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(office.getByRole('list', { name: 'Bookmarks' })).toContainText('empty');

  await go(page, '/quotation');
  await library.getByRole('button', { name: 'Load new-trader' }).click();
  // The app goes on with the loaded world, signed out, at home: its user signs in.
  await page.waitForURL(/\/$/);
  await expect(page.getByRole('status').getByText('Scenario loaded')).toBeVisible();
  // In the app already loaded (a page load may start the simulator worker again, and
  // this session's bookmarks live in it).
  await office.getByRole('button', { name: 'Close the back office' }).click();
  await go(page, '/login');
  await submitSignIn(page, { email: 'new.trader@example.com' }, 'demo1234');
  await page.waitForURL(/\/$/);
  expect(await backOffice(page, 'userByLogin', 'new.trader@example.com')).toBeTruthy();
  await backOffice(page, 'restoreBookmark', 'empty');
  expect(await backOffice(page, 'userByLogin', 'new.trader@example.com')).toBeFalsy();
  expect(consoleErrors).toEqual([]);
});

test(
  'phone: a silent feed on two products marks their prices not live while the others stay live, until it ends',
  // Over the wire only: the worker's hub is the same code, and the wait (10 s of silence) is
  // long for the suite's 30 minutes.
  { tag: ['@live', '@wire'] },
  async ({ page, consoleErrors }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    const bid = (s: string) => page.getByTestId(`row-bid-${s}`);
    await expect(bid('SOLUSDT')).toHaveAttribute('data-stale', 'false');
    await backOffice(page, 'silenceFeed', ['BTCUSDT', 'ETHUSDT'], 20);
    // Ten seconds of ticks without them (state/prices.ts `quiet`), the channel itself live.
    await expect(bid('BTCUSDT')).toHaveAttribute('data-stale', 'true', { timeout: 20_000 });
    await expect(bid('ETHUSDT')).toHaveAttribute('data-stale', 'true');
    await expect(bid('BTCUSDT')).toHaveAttribute('aria-label', /not live/i);
    await expect(bid('SOLUSDT')).toHaveAttribute('data-stale', 'false');
    // The feed comes back: live again.
    await expect(bid('BTCUSDT')).toHaveAttribute('data-stale', 'false', { timeout: 20_000 });
    expect(consoleErrors).toEqual([]);
  },
);
