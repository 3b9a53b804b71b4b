/**
 * The quotation list and the trade mode: market mode lists only tradable
 * products, option mode lists all.
 */
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice, saved } from './sim.ts';

test('phone: in market mode the quotation lists only tradable products; option mode lists all (trading §2)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/quotation');
  await backOffice(page, 'setTradeStatus', 'XAUUSD', 0);
  await saved(page);
  await page.reload();
  await expect(page.locator('a[href="/chart/XAGUSD"]').first()).toBeVisible();
  await expect(page.locator('a[href="/chart/XAUUSD"]')).toHaveCount(0);
  await page.evaluate(() =>
    localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'option' })),
  );
  await page.reload();
  await expect(page.locator('a[href="/chart/XAUUSD"]').first()).toBeVisible();
});
