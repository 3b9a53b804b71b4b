/**
 * The deposit's result (issue 25 item 11; user-centre.md §4 "Deposit":
 * success shows submit_success_please_wait and resets the form). After
 * Submit the user sees a result step titled with that message: the amount
 * and coin, In review, the time the server took it, a way to the deposit
 * records (where the same deposit is listed at the same time) and New
 * deposit, which opens an empty step one.
 *
 * Its desktop twin runs over the wire only (@wire): the page's simulator runs the phone's,
 * the live project both (playwright.config.ts says why).
 */
import { test, expect, MOBILE, DESKTOP } from './fixtures.ts';
import { signIn, go } from './sim.ts';

const PNG_B64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const TITLE = 'Submitted successfully, please wait for the review';
const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const TIME_IN = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/;

for (const [label, size] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(
    `${label}: a deposit ends on its result, with its amount, In review, the time and the records`,
    { tag: label === 'desktop' ? ['@live', '@wire'] : '@live' },
    async ({ page, consoleErrors }) => {
      await page.setViewportSize(size);
      await signIn(page, `deposit-result-${label}@example.com`);
      await go(page, '/user/deposit');
      await page.getByRole('button', { name: /Coin and network/ }).click();
      await page
        .getByRole('dialog', { name: 'Choose coin and network' })
        .getByRole('button', { name: /USDT\s+ERC20/ })
        .click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Deposit amount (USDT)').fill('1750');
      await page.getByLabel('Deposit proof').setInputFiles({
        name: 'proof.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PNG_B64, 'base64'),
      });
      await expect(page.getByRole('img', { name: 'Deposit proof preview' })).toBeVisible();
      await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
      await page.getByRole('button', { name: 'Submit' }).click();

      const result = page.getByRole('status', { name: TITLE });
      await expect(result.getByRole('heading', { name: TITLE })).toBeVisible();
      await expect(result.getByTestId('deposit-result-amount')).toHaveText('1750 USDT ERC20');
      await expect(result.getByText('In review')).toBeVisible();
      const time = result.getByTestId('deposit-result-time');
      await expect(time).toHaveText(TIME);
      const shown = (await time.textContent())!;
      // No form behind it: the step replaces it.
      await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
      await expect(page.getByLabel('Deposit amount (USDT)')).toHaveCount(0);

      // New deposit: an empty step one, the network as chosen.
      await result.getByRole('button', { name: 'New deposit' }).click();
      await expect(result).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: /Coin and network: USDT ERC20/ }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByLabel('Deposit amount (USDT)')).toHaveValue('');
      await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).not.toBeChecked();
      await expect(page.getByRole('img', { name: 'Deposit proof preview' })).toHaveCount(0);

      // A second deposit from the fresh form; its result leads to the records.
      await page.getByLabel('Deposit amount (USDT)').fill('1250');
      await page.getByLabel('Deposit proof').setInputFiles({
        name: 'proof.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PNG_B64, 'base64'),
      });
      await expect(page.getByRole('img', { name: 'Deposit proof preview' })).toBeVisible();
      await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(result.getByTestId('deposit-result-amount')).toHaveText('1250 USDT ERC20');
      await result.getByRole('link', { name: 'Deposit and withdrawal records' }).click();
      await expect(page).toHaveURL(/\/user\/wallet\/depositList$/);
      // The first deposit, in review, at the time its result showed (the server's clock).
      const first = page.getByRole('article', { name: 'Deposit 1750 USDT' });
      await expect(first.getByText('In review')).toBeVisible();
      const listed = (await first.getByText(TIME_IN).textContent())!.trim();
      const ms = (s: string) => Date.parse(s.replace(' ', 'T'));
      expect(Math.abs(ms(listed) - ms(shown))).toBeLessThanOrEqual(5_000);
      await expect(page.getByRole('article', { name: 'Deposit 1250 USDT' })).toBeVisible();
      expect(consoleErrors).toEqual([]);
    },
  );
}
