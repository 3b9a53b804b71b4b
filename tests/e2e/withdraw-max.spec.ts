/**
 * Withdraw Max (issue 25 item 6): a control beside the amount fills in the
 * largest amount the rules allow — the network's max and the balance
 * (user-centre.md §5 "Withdraw": min..max, isOver) — only when pressed. The
 * fee is taken out of the amount, so all of the balance can go; the balance
 * after reads 0.00, never a negative figure.
 *
 * Its desktop twin runs over the wire only (@wire): the page's simulator runs the phone's,
 * the live project both (playwright.config.ts says why).
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP } from './fixtures.ts';
import { backOffice, saved, signIn } from './sim.ts';

async function chooseNetwork(page: Page, name: RegExp) {
  await page.getByRole('button', { name: /^Coin and network:/ }).click();
  await page
    .getByRole('dialog', { name: 'Choose coin and network' })
    .getByRole('button', { name })
    .click();
}

for (const [label, size] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(
    `withdraw Max on the ${label}: the whole balance, within the network's limits, only when pressed`,
    { tag: label === 'desktop' ? ['@live', '@wire'] : '@live' },
    async ({ page, consoleErrors }) => {
      await page.setViewportSize(size);
      await signIn(page, `withdraw-max-${label}@example.com`, 3000);
      await backOffice(page, 'setFlag', 'NO_WALLET_WITHDRAW', true);
      // Saved before the page load, which reads it.
      await saved(page);
      await page.goto('/user/withdraw');
      const max = page.getByRole('button', { name: 'Max', exact: true });
      // Nowhere to send yet: nothing to compute.
      await expect(max).toBeDisabled();
      await chooseNetwork(page, /USDT\s+TRC20/);
      const amount = page.getByLabel('Withdrawal amount (USDT)');
      // Choosing a network fills nothing in by itself.
      await expect(amount).toHaveValue('');
      await max.click();
      // 3000 USD at 1 USD per USDT; the 25 USDT fee comes out of it.
      await expect(amount).toHaveValue('3000');
      const details = page.getByLabel('Fee details');
      const said = (term: string) =>
        details.getByRole('term').filter({ hasText: term }).locator('+ dd');
      await expect(said('Actual amount')).toHaveText('2975 USDT');
      await expect(said('Balance after')).toHaveText('0.00 USD');
      await expect(page.getByText('Balance is not enough')).toHaveCount(0);

      // BTC: the balance at the coin's price, under the network's max of 100 BTC.
      await chooseNetwork(page, /BTC\s+BTC/);
      const btcAmount = page.getByLabel('Withdrawal amount (BTC)');
      // The USDT amount stays until Max is pressed again.
      await expect(btcAmount).toHaveValue('3000');
      await max.click();
      await expect(btcAmount).not.toHaveValue('3000');
      const btc = Number(await btcAmount.inputValue());
      expect(btc).toBeGreaterThan(0);
      expect(btc).toBeLessThan(100);
      // What is left is less than the next 0.00001 BTC step (about 1 USD; the price moves).
      await expect(said('Balance after')).toHaveText(/^[01]\.\d\d USD$/);
      await expect(page.getByText('Balance is not enough')).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    },
  );
}
