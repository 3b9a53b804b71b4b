/**
 * The loan (user-centre.md §2 /user/loan, §4 "Loan status" and "Loan
 * repayment status", §5, §9) against the simulator and, on the phone, the
 * live server: the request with its validation, the back office's review,
 * repayments (first click the slider, second submits), the waiting state
 * while a repayment is in review, overdue, and a rejected repayment after
 * which Repay takes a new one (a loan is never left unrepayable).
 */
import { test, expect, MOBILE, DESKTOP, screenshot, shot } from './fixtures.ts';
import { backOffice, reviewOf, signIn, PHONE, saved, go } from './sim.ts';

const VIEWPORTS = [
  ['mobile', MOBILE],
  ['desktop', DESKTOP],
] as const;

for (const [vp, size] of VIEWPORTS) {
  test(
    `${vp}: request a loan, approve, repay, overdue; after a rejected repayment Repay takes a new one`,
    { tag: size === MOBILE ? ['@live'] : [] },
    async ({ page, consoleErrors }) => {
      await page.setViewportSize(size);
      const uid = await signIn(page, `loan-${vp}@example.com`, 0);
      const guarantor = (
        await backOffice<{ uid: string }>(page, 'seedUser', {
          email: `guarantor-${vp}@example.com`,
          password: 'secret123',
        })
      ).uid;
      await saved(page);
      await page.goto('/user/loan');
      await expect(page.getByRole('heading', { name: 'Loan', exact: true })).toBeVisible();
      const amount = page.getByRole('slider', { name: /Loan amount/ });
      const term = page.getByRole('slider', { name: 'Term' });
      await expect(amount).toHaveValue('50000');
      await expect(term).toHaveValue('7');
      // 50,000 to 1,000,000 in steps of 10,000; 7 to 30 days; their marks.
      const marks = (slider: typeof amount) =>
        slider.locator('xpath=..').locator('.loan-marks span');
      await expect(marks(amount)).toHaveText(['50,000', '500,000', '1,000,000']);
      await expect(marks(term)).toHaveText(['7 days', '15 days', '30 days']);
      await amount.fill('123456');
      await expect(amount).toHaveAttribute('aria-valuetext', '120,000');
      await amount.fill('2000000');
      await expect(amount).toHaveAttribute('aria-valuetext', '1,000,000');
      await term.fill('40');
      await expect(term).toHaveAttribute('aria-valuetext', '30 days');
      await page.getByRole('button', { name: 'Submit application' }).click();
      await expect(page.getByText("Please enter the guarantor's UID")).toBeVisible();
      await amount.fill('100000');
      await term.fill('15');
      await expect(amount).toHaveAttribute('aria-valuetext', '100,000');
      await expect(term).toHaveAttribute('aria-valuetext', '15 days');
      await page.getByLabel('Guarantor UID').fill(guarantor);
      await page.getByLabel('Remark').fill('New shop');
      await shot(page, `user-loan-request-${vp}`);
      await page.getByRole('button', { name: 'Submit application' }).click();
      await expect(page).toHaveShownToast('Submitted successfully, please wait for the review');
      await expect(page.getByText('Your loan request is in review')).toBeVisible();
      await expect(page.getByText('100,000 USD')).toBeVisible();
      await shot(page, `user-loan-review-${vp}`);

      const loan = await reviewOf(page, 'loan', uid);
      await backOffice(page, 'approveLoan', loan.id);
      await page.getByRole('button', { name: 'Refresh' }).click();
      const panel = page.getByRole('region', { name: 'Your loan' });
      await expect(panel.getByText('Active', { exact: true })).toBeVisible();
      await expect(panel.getByText('100,000 USD').last()).toBeVisible();
      await expect(page.getByText('No repayments yet')).toBeVisible();
      await shot(page, `user-loan-active-${vp}`);

      // Repay: the first click shows the slider, the second submits.
      await panel.getByRole('button', { name: 'Repay' }).click();
      const repay = panel.getByRole('slider', { name: /Repayment amount/ });
      await expect(repay).toHaveValue('0');
      // From 0 to what is owed, in steps of 100.
      await repay.fill('123456');
      await expect(repay).toHaveValue('100000');
      await repay.fill('250');
      await expect(repay).toHaveValue('300');
      await repay.fill('0');
      await panel.getByRole('button', { name: 'Submit repayment' }).click();
      await expect(page.getByText('The repayment amount cannot be zero')).toBeVisible();
      // The slider itself is marked invalid and described by the error, as text fields are.
      await expect(repay).toHaveAttribute('aria-invalid', 'true');
      await expect(repay).toHaveAccessibleDescription('The repayment amount cannot be zero');
      await repay.fill('30000');
      await shot(page, `user-loan-repay-${vp}`);
      await panel.getByRole('button', { name: 'Submit repayment' }).click();
      await expect(page).toHaveShownToast('Submitted successfully, please wait for the review');
      await expect(panel.getByRole('button', { name: 'Repayment in review' })).toBeDisabled();
      const records = page.getByRole('list', { name: 'Repayment records' });
      await expect(records.getByRole('listitem')).toHaveCount(1);
      await expect(records.getByText('In review')).toBeVisible();
      await expect(records.getByText('In review')).toHaveClass(/\byellow\b/);
      await shot(page, `user-loan-waiting-${vp}`);

      await backOffice(page, 'approveRepayment', (await reviewOf(page, 'repayment', uid)).id);
      await panel.getByRole('button', { name: 'Refresh' }).click();
      await expect(records.getByText('Approved')).toBeVisible();
      await expect(records.getByText('Approved')).toHaveClass(/\bgreen\b/);
      await expect(panel.getByText('70,000 USD')).toBeVisible();

      // Overdue (back office): the status and code 1151's message.
      await backOffice(page, 'makeLoanOverdue', loan.id);
      await saved(page);
      await page.reload();
      await expect(panel.getByText('Overdue', { exact: true })).toBeVisible();
      await expect(panel.getByText('A loan is overdue, repay as soon as possible')).toBeVisible();

      // A rejected repayment: the message, a red record, the money back.
      await panel.getByRole('button', { name: 'Repay' }).click();
      await repay.fill('10000');
      await panel.getByRole('button', { name: 'Submit repayment' }).click();
      await expect(panel.getByRole('button', { name: 'Repayment in review' })).toBeVisible();
      await backOffice(
        page,
        'rejectRepayment',
        (await reviewOf(page, 'repayment', uid)).id,
        'Wrong amount',
      );
      await panel.getByRole('button', { name: 'Refresh' }).click();
      await expect(panel.getByText('Your latest repayment was rejected')).toBeVisible();
      await expect(records.getByText('Rejected')).toBeVisible();
      await expect(records.getByText('Rejected')).toHaveClass(/\bred\b/);
      await expect(panel.getByRole('button', { name: 'Repay' })).toBeEnabled();
      // What is owed is the server's amountOwed: unchanged by the rejected 10,000.
      await expect(panel.getByText('70,000 USD').first()).toBeVisible();
      await shot(page, `user-loan-overdue-${vp}`);
      // §4: nothing is in review, so Repay takes a new repayment (the overdue loan can still be
      // repaid), after a reload too.
      await saved(page);
      await page.reload();
      await expect(panel.getByText('Your latest repayment was rejected')).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Repay' })).toBeEnabled();
      await panel.getByRole('button', { name: 'Repay' }).click();
      await repay.fill('20000');
      await panel.getByRole('button', { name: 'Submit repayment' }).click();
      await expect(panel.getByRole('button', { name: 'Repayment in review' })).toBeDisabled();
      await expect(records.getByRole('listitem')).toHaveCount(3);
      await expect(panel.getByText('Your latest repayment was rejected')).toHaveCount(0);
      await backOffice(page, 'approveRepayment', (await reviewOf(page, 'repayment', uid)).id);
      await panel.getByRole('button', { name: 'Refresh' }).click();
      await expect(panel.getByText('50,000 USD').first()).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Repay' })).toBeEnabled();
      expect(consoleErrors).toEqual([]);
    },
  );
}

test('mobile: a rejected loan request may be changed and sent again', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  const uid = await signIn(page, 'loan-rejected@example.com', 0);
  const guarantor = (
    await backOffice<{ uid: string }>(page, 'seedUser', {
      email: 'guarantor-rejected@example.com',
      password: 'secret123',
    })
  ).uid;
  await saved(page);
  await page.goto('/user/loan');
  // No loan yet (status null, read as 100): the request form.
  const submit = page.getByRole('button', { name: 'Submit application' });
  await page.getByLabel('Guarantor UID').fill(guarantor);
  await submit.click();
  await expect(page.getByText('Your loan request is in review')).toBeVisible();
  await expect(submit).toHaveCount(0);
  await backOffice(page, 'rejectLoan', (await reviewOf(page, 'loan', uid)).id, 'Guarantor unknown');
  await page.getByRole('button', { name: 'Refresh' }).click();
  // Rejected (2): the form again, saying so.
  await expect(
    page.getByText('Your last loan request was rejected. You can change it and apply again.'),
  ).toBeVisible();
  await page.getByRole('slider', { name: 'Term' }).fill('30');
  await page.getByLabel('Guarantor UID').fill(guarantor);
  await submit.click();
  await expect(page.getByText('Your loan request is in review')).toBeVisible();
});

test('phone: a loan without a bound e-mail says so before the request', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, { phone: PHONE }, 5000);
  await go(page, '/user/loan');
  await expect(page.getByRole('button', { name: 'Submit application' })).toBeVisible();
  // Not only after the round trip (1156): the form says it from the start.
  const alert = page.getByRole('alert').filter({ hasText: 'Please bind your e-mail first' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Bind e-mail' })).toHaveAttribute(
    'href',
    '/user/bindEmail',
  );
  await screenshot(page, 'uc-loan-bind-email-mobile');
});
