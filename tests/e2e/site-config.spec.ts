/**
 * Per-site settings (public/config/site.json) and what they change on screen.
 */
import { test, expect, MOBILE, siteWith } from './fixtures.ts';
import { signIn, go } from './sim.ts';

test('phone: per-site settings change trade mode, template, tabs, banners, languages, colours, deposit and withdraw options (trading §1)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await siteWith(page, {
    defaultTradeMode: 'option',
    template: 'grid',
    tradeOrder: [2, 3],
    bannerCount: 3,
    languages: ['en', 'zh-cn', 'id'],
    colors: { up: '#0000ff', down: '#ff00ff' },
    depositTypes: ['crypto'],
    withdrawTypes: ['crypto'],
  });
  await page.goto('/');
  await expect(page.locator('.banner-slide')).toHaveCount(3);
  const grid = page.getByRole('navigation', { name: 'Categories' });
  await expect(grid.getByRole('link')).toHaveCount(2);
  await expect(grid).toHaveClass(/\bcols-4\b/);
  await expect(grid.getByRole('link').first()).toHaveAttribute('href', '/quotation?singleTrade=2');
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--up'))).toBe(
    '#0000ff',
  );
  await page.goto('/chart/BTCUSDT');
  await expect(page.getByRole('button', { name: 'Buy long' })).toBeVisible();

  await signIn(page, 'site@example.com', 1000);
  await go(page, '/user/deposit');
  // Crypto only: no tabs, the crypto form straight away.
  await expect(page.getByText('Deposit address')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bank' })).toHaveCount(0);
  await page.goto('/user/withdraw');
  await expect(page.getByRole('heading', { name: 'Withdraw' })).toBeVisible();
  // The status check is done (no wallet yet), so the tabs would be drawn by now.
  await expect(page.getByText('Please add a bank card or crypto wallet first')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bank card' })).toHaveCount(0);
  await page.goto('/user');
  await page.getByText('Language', { exact: true }).click();
  const list = page.getByRole('listbox', { name: 'Language' });
  await expect(list.getByRole('option')).toHaveCount(3);
  await expect(list.getByRole('option', { name: '简体中文' })).toBeVisible();
  await expect(list.getByRole('option', { name: 'Bahasa Indonesia' })).toBeVisible();
});
