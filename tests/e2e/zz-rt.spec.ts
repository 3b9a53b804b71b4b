import { test, DESKTOP, MOBILE, siteWith } from './fixtures.ts';
import { signIn } from './sim.ts';
for (const desktop of [false, true])
test(`rt shot ${desktop}`, async ({ page, live }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(desktop ? DESKTOP : MOBILE);
  await siteWith(page, { responsibleTrading: true }, live);
  await signIn(page, `rt-shot-${desktop}@example.com`, 1000);
  await page.goto('/user/responsible');
  await page.getByLabel('Loss limit per day (USD)').fill('50');
  await page.getByLabel('Deposit limit per week (USD)').fill('abc');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/rt-${desktop ? 'd' : 'p'}.png`, fullPage: !desktop });
  await page.getByLabel('Deposit limit per week (USD)').fill('');
  await page.getByLabel('Loss limit per day (USD)').fill('70');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/rt2-${desktop ? 'd' : 'p'}.png`, fullPage: !desktop });
});
