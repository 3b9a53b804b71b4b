/**
 * Customer service (trading.md §2 "Customer service", §8 "Template unset,
 * please contact online service"): cards per the service config; a config
 * with no chat, Telegram, WhatsApp or frame says the template is unset.
 */
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice } from './sim.ts';

test(
  'a service config with no channel shows “Template unset, please contact online service”',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/user/service');
    await expect(page.getByRole('link', { name: 'Telegram' })).toBeVisible();
    await expect(page.getByText('Template unset, please contact online service')).toHaveCount(0);
    // The next service-link reply holds no channel (a site that set none).
    await backOffice(page, 'force', {
      call: 'customerLink',
      body: JSON.stringify({ code: 0, message: 'success', data: {} }),
    });
    await page.reload();
    await expect(page.getByText('Template unset, please contact online service')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Telegram' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  },
);
