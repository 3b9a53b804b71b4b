/**
 * A withdrawal whose reply is lost on the way back (live project: a real
 * HTTP server carries it out, the browser never gets the answer). The form
 * finds it in the records and says it was submitted; it does not say
 * "Server error" with the form ready for a second press and a second
 * withdrawal (machines/shared/unsure.ts).
 */
import { test, expect, MOBILE, isLive } from './fixtures.ts';
import { backOffice, go, signIn } from './sim.ts';

test.beforeEach(() => test.skip(!isLive(), 'needs the separate server process'));

const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

test(
  'a withdrawal whose reply is lost is found and shown submitted; a double press sends one; the records show one',
  { tag: '@live' },
  async ({ page }) => {
    await page.setViewportSize(MOBILE);
    // A typed address (no saved wallet needed), read at start: signIn loads the app again.
    await page.goto('/');
    await backOffice(page, 'setFlag', 'NO_WALLET_WITHDRAW', true);
    const uid = await signIn(page, 'lost-withdrawal@example.com', 5000);
    await go(page, '/user/withdraw');
    await page.getByRole('button', { name: /Choose coin and network|Coin and network/ }).click();
    await page
      .getByRole('dialog', { name: 'Choose coin and network' })
      .getByRole('button', { name: /USDT\s+TRC20/ })
      .click();
    await page.getByLabel('Withdrawal amount (USDT)').fill('1000');
    await page.getByLabel('Payment address').fill(TRC20);
    await page.getByRole('button', { name: 'Continue' }).click();

    // The request reaches the server and is carried out; its reply never arrives.
    let sent = 0;
    await page.route('**/waa/user/withdraw', async (route) => {
      sent += 1;
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    const check = page.getByRole('region', { name: 'Check your withdrawal' });
    await check.getByRole('button', { name: 'Confirm' }).dblclick();
    await expect(
      page.getByText('Submitted successfully, please wait for the review'),
    ).toBeVisible();
    // Nothing said it failed, which would have invited a second press.
    expect(
      await page.evaluate(() =>
        (window as unknown as { __toasts: { text: string }[] }).__toasts.map((t) => t.text),
      ),
    ).not.toContain('Server error (500)');
    // The form knows a request is in review: no second one can be sent from it.
    await expect(page.getByText('A withdrawal request has already been submitted')).toBeVisible();
    expect(sent).toBe(1);
    const requests = await backOffice<{ actionType: number }[]>(page, 'walletRequests', uid);
    expect(requests.filter((r) => r.actionType === 1)).toHaveLength(1);

    await go(page, '/user/wallet/depositList');
    const list = page.getByRole('list', { name: 'Deposit and withdrawal records' });
    await expect(list.getByRole('article', { name: /^Withdraw / })).toHaveCount(1);
  },
);
