/**
 * Opening the operator console on a phone (quick taps on a page title) and
 * where its handle sits (trading §9).
 */
import type { Locator } from '@playwright/test';
import { test, expect, MOBILE, screenshot } from './fixtures.ts';
import { signIn } from './sim.ts';

test('phone: more than 5 quick taps on a page title open the console; 5, or 6 spread over 3 s, do not (trading §9)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  // The page's clock moves the taps apart: the window is the app's, not the machine's speed.
  await page.clock.install();
  await page.goto('/quotation');
  const title = page.getByRole('heading', { name: 'Quotation' });
  const console = page.getByRole('dialog', { name: 'Simulator back office' });
  // Taps within, or spread over, the 3 s window.
  const tap = async (n: number, gap = 0) => {
    for (let i = 0; i < n; i++) {
      await title.click();
      if (gap) await page.clock.fastForward(gap);
    }
  };
  // The console is a lazy chunk: its launcher says at once whether it opened.
  const launcher = page.locator('.console-launcher');
  await tap(5);
  await page.clock.fastForward(3100);
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  await expect(console).toBeHidden();
  // Six taps 700 ms apart: never more than five within 3 s.
  await tap(6, 700);
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  await expect(console).toBeHidden();
  await page.clock.fastForward(3100);
  await tap(6);
  await expect(console).toBeVisible();
  await screenshot(page, 'wave3-console-taps-mobile');
});

test('phone: the console handle keeps off the chart, the order form, positions and the user menu (trading §9)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'w3-handle@example.com', 50_000);
  const handle = page.getByRole('button', { name: 'Back office', exact: true });
  const screens: [string, Locator][] = [
    ['/chart/BTCUSDT', page.locator('.product-chart canvas').first()],
    ['/BTCUSDT/place?direction=0', page.getByLabel('Volume (lots)')],
    ['/position', page.getByRole('tab', { name: /^Positions/ })],
    ['/user', page.getByRole('link', { name: 'My account' })],
  ];
  for (const [path, shown] of screens) {
    await page.goto(path);
    await expect(shown).toBeVisible();
    const h = (await handle.boundingBox())!;
    // Everything a user reads or presses in the handle's band, and the chart.
    const hits = await page.evaluate(
      `[...document.querySelectorAll('main :is(a, button, input, select, label, li, tr, canvas, .product-chart)')]
        .map((e) => [e.className || e.tagName, e.getBoundingClientRect()])
        .filter(([, r]) => r.width > 0 && r.left < ${h.x + h.width} && r.right > ${h.x}
          && r.top < ${h.y + h.height} && r.bottom > ${h.y})
        .map(([n]) => String(n))`,
    );
    expect(hits, path).toEqual([]);
  }
  await page.goto('/chart/BTCUSDT');
  await expect(page.locator('.product-chart canvas').first()).toBeVisible();
  await screenshot(page, 'wave3-console-handle-chart-mobile');
});
