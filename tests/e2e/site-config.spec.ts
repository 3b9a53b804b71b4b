/**
 * Per-site settings (public/config/site.json) and what they change on screen.
 */
import { test, expect, MOBILE, screenshot, siteWith } from './fixtures.ts';
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

test('phone: the console’s Site tab turns responsible trading on for this tab; a mark says so; a bad value is refused; Reset goes back to the file', async ({
  page,
}) => {
  // Simulator mode only: no @live tag, and a live console never offers the tab (unit: consoleTabs).
  await page.setViewportSize(MOBILE);
  await signIn(page, 'site-over@example.com', 0);
  await go(page, '/user');
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  const entry = page.getByRole('link', { name: 'Responsible trading' });
  await expect(entry).toHaveCount(0);

  const openSite = async () => {
    await page.getByRole('button', { name: 'Back office', exact: true }).click();
    const office = page.getByRole('dialog', { name: 'Simulator back office' });
    await office.getByRole('tab', { name: 'Site' }).click();
    return office;
  };
  let office = await openSite();
  await expect(office.getByRole('status')).toHaveText(
    "Nothing overridden: the site file's settings.",
  );
  const apply = office.getByRole('button', { name: 'Apply and reload' });
  // Refused by the site file's validator: said, and nothing kept.
  await office.getByLabel('bannerCount').fill('0');
  await apply.click();
  await expect(office.getByRole('alert')).toContainText(
    'Not applied: site config: "bannerCount" must be a whole number from 1 to 10',
  );
  await office.getByLabel('bannerCount').fill('1');
  await office.getByLabel('responsibleTrading', { exact: true }).check();
  await Promise.all([page.waitForEvent('load'), apply.click()]);

  const mark = page.getByRole('note').filter({ hasText: 'site settings overridden' });
  await expect(mark).toHaveText('Demo: site settings overridden (responsibleTrading)');
  await expect(entry).toBeVisible();

  office = await openSite();
  await expect(office.getByRole('status')).toHaveText('Overridden in this tab: responsibleTrading');
  await expect(office.getByLabel('responsibleTrading', { exact: true })).toBeChecked();
  await screenshot(page, 'site-override-mobile');
  await Promise.all([
    page.waitForEvent('load'),
    office.getByRole('button', { name: 'Reset to the site file' }).click(),
  ]);
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(entry).toHaveCount(0);
  await expect(mark).toHaveCount(0);
});
