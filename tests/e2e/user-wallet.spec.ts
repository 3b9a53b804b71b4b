/**
 * The wallet area end to end against the simulator: my wallet (transfers in
 * and out, records), deposit (validation, agreement round trip, back-office
 * approval, balance up), withdraw (empty state, limits, lock 1067 while in
 * review, back-office rejection, the rejected record and a notification),
 * trade and deposit/withdrawal records, and availability by flag.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, screenshot, settled } from './fixtures.ts';
import { backOffice, reviewOf, signIn, saved, go } from './sim.ts';

/** A 1×1 PNG: a real picture for the proof upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

async function setFlag(page: Page, name: string, on: boolean) {
  await backOffice(page, 'setFlag', name, on);
  await saved(page);
  // Flags come with the system config, which a reload reads.
  await page.reload();
}

test('my wallet: balances, transfer in and out, records', async ({ page, consoleErrors }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'wallet@example.com', 50_000);
  await page.getByRole('link', { name: 'Mine' }).click();
  await page.getByRole('link', { name: 'My wallet' }).click();
  await expect(page).toHaveURL(/\/user\/myWallet$/);

  const total = page.getByRole('region', { name: 'Total assets' });
  await expect(total.getByText('50000.00', { exact: true })).toBeVisible();
  const coins = page.getByRole('list', { name: 'Currencies' });
  const usd = coins.getByRole('listitem', { name: 'USD', exact: true });
  await expect(usd.getByText('50000.00', { exact: true }).first()).toBeVisible();
  // USD has no transfer buttons; the coins do.
  await expect(usd.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Transfer in USDT' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Deposit' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crypto wallet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bank card' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Latest transactions' })).toBeVisible();
  await screenshot(page, 'user-wallet-mobile');

  // Transfer in: 100 USDT from USD (free).
  await page.getByRole('button', { name: 'Transfer in USDT' }).click();
  const drawer = page.getByRole('dialog', { name: 'Transfer in USDT' });
  await drawer.getByRole('button', { name: 'Confirm' }).click();
  await expect(drawer.getByText('Please enter the amount')).toBeVisible();
  await drawer.getByLabel('Amount (USDT)').fill('0');
  await drawer.getByRole('button', { name: 'Confirm' }).click();
  await expect(drawer.getByText('The amount cannot be 0')).toBeVisible();
  // Digits and one dot, no leading dot, 4 decimals.
  await drawer.getByLabel('Amount (USDT)').fill('.1,23456');
  await expect(drawer.getByLabel('Amount (USDT)')).toHaveValue('1.2345');
  await drawer.getByLabel('Amount (USDT)').fill('100');
  await expect(drawer.getByText('100 USDT')).toBeVisible();
  await settled(page);
  await screenshot(page, 'user-wallet-transfer-mobile');
  await drawer.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveShownToast('Currency conversion successful');
  await expect(drawer).toBeHidden();
  const usdt = coins.getByRole('listitem', { name: 'USDT' });
  await expect(usdt.getByText('100', { exact: true })).toBeVisible();
  await expect(usd.getByText('49900.00', { exact: true }).first()).toBeVisible();

  // Transfer out: 40 USDT back to USD.
  await page.getByRole('button', { name: 'Transfer out USDT' }).click();
  const out = page.getByRole('dialog', { name: 'Transfer out USDT' });
  await out.getByLabel('Amount (USDT)').fill('40');
  await expect(out.getByText('40 USDT')).toBeVisible();
  await out.getByRole('button', { name: 'Confirm' }).click();
  await expect(out).toBeHidden();
  await expect(usdt.getByText('60', { exact: true })).toBeVisible();
  await expect(usd.getByText('49940.00', { exact: true }).first()).toBeVisible();

  // Records, filtered by type.
  await page.getByRole('tab', { name: 'Wallet records' }).click();
  const records = page.getByRole('list', { name: 'Wallet records' });
  await expect(records.getByRole('article')).toHaveCount(2);
  await page.getByRole('button', { name: 'Transfer out' }).click();
  await expect(records.getByRole('article')).toHaveCount(1);
  await expect(records.getByRole('article', { name: 'Transfer out 40 USDT' })).toBeVisible();
  await page.getByRole('button', { name: 'Order' }).click();
  await expect(records.getByText('No records')).toBeVisible();
  await page.getByRole('button', { name: 'Transfer in' }).click();
  await expect(records.getByRole('article', { name: 'Transfer in 100 USDT' })).toBeVisible();
  await screenshot(page, 'user-wallet-records-mobile');
  expect(consoleErrors).toEqual([]);
});

test(
  'deposit: validation, agreement round trip, approval raises the balance',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    const uid = await signIn(page, 'deposit@example.com', 100);
    await go(page, '/user/deposit');
    await expect(page.getByRole('tab', { name: 'Crypto' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Step one: the first network, its address, QR and copy.
    await expect(page.getByTestId('deposit-address')).toHaveText(TRC20_ADDRESS);
    await expect(page.getByRole('img', { name: /QR code of the USDT TRC20/ })).toBeVisible();
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page).toHaveShownToast('Copied');
    await page.getByRole('button', { name: /Choose coin and network|Coin and network/ }).click();
    const picker = page.getByRole('dialog', { name: 'Choose coin and network' });
    await picker.getByRole('button', { name: /BTC/ }).click();
    await expect(page.getByRole('img', { name: /QR code of the BTC BTC/ })).toBeVisible();
    await page.getByRole('button', { name: /Coin and network/ }).click();
    await page
      .getByRole('dialog', { name: 'Choose coin and network' })
      .getByRole('button', { name: /USDT\s+ERC20/ })
      .click();
    await screenshot(page, 'user-deposit-mobile');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step two: every rule first.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please enter the deposit amount')).toBeVisible();
    // Digits and one dot, no leading dot, 5 decimals.
    await page.getByLabel('Deposit amount (USDT)').fill('.1,2345678');
    await expect(page.getByLabel('Deposit amount (USDT)')).toHaveValue('1.23456');
    await page.getByLabel('Deposit amount (USDT)').fill('0');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('The deposit amount must be greater than 0')).toBeVisible();
    await expect(page.getByText('Please upload the deposit proof')).toBeVisible();
    await expect(
      page.getByText('Please read and agree to the deposit service agreement'),
    ).toBeVisible();
    await page.getByLabel('Deposit amount (USDT)').fill('1500');
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    // The agreement page keeps the form while it is open.
    await page.getByRole('link', { name: 'Deposit service agreement' }).click();
    await expect(page).toHaveURL(/\/user\/agreement$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/user\/deposit$/);
    await expect(page.getByLabel('Deposit amount (USDT)')).toHaveValue('1500');
    await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('depositForm'))).toBeNull();
    // A file that is not an allowed image is refused.
    await page
      .getByLabel('Deposit proof')
      .setInputFiles({ name: 'proof.gif', mimeType: 'image/gif', buffer: PNG });
    await expect(page.getByText(/Illegal file extension/)).toBeVisible();
    await page
      .getByLabel('Deposit proof')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Deposit proof preview' })).toBeVisible();
    await screenshot(page, 'user-deposit-step2-mobile');
    // Back to step one and forward again keeps what was typed.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByTestId('deposit-address')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Deposit amount (USDT)')).toHaveValue('1500');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByText('Submitted successfully, please wait for the review'),
    ).toBeVisible();
    // The result step; New deposit starts the form again, empty.
    await page.getByRole('button', { name: 'New deposit' }).click();
    await expect(page.getByTestId('deposit-address')).toBeVisible();
    // The form starts again empty.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Deposit amount (USDT)')).toHaveValue('');
    await expect(page.getByRole('img', { name: 'Deposit proof preview' })).toHaveCount(0);
    await saved(page);

    // In review, then approved by the back office: the balance goes up.
    await page.goto('/user/wallet/depositList');
    const list = page.getByRole('list', { name: 'Deposit and withdrawal records' });
    await expect(list.getByRole('article', { name: 'Deposit 1500 USDT' })).toContainText(
      'In review',
    );
    const item = await reviewOf(page, 'deposit', uid);
    await backOffice(page, 'approveDeposit', item.id);
    await saved(page);
    await page.reload();
    await expect(list.getByRole('article', { name: 'Deposit 1500 USDT' })).toContainText('Success');
    await screenshot(page, 'user-deposit-list-mobile');
    await page.goto('/user/myWallet');
    await expect(
      page.getByRole('region', { name: 'Total assets' }).getByText('1600.00', { exact: true }),
    ).toBeVisible();

    // The bank tab goes through customer service.
    await page.goto('/user/deposit');
    await page.getByRole('tab', { name: 'Bank' }).click();
    await expect(page.getByText(/go through online customer service/)).toBeVisible();
    await expect(page.getByText('No bank card yet')).toBeVisible();
    await screenshot(page, 'user-deposit-bank-mobile');
    await page.getByRole('button', { name: 'Customer service' }).click();
    await expect(page).toHaveURL(/\/user\/service$/);
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'withdraw: add-wallet empty state, limits, lock while in review, rejection',
  { tag: '@live' },
  async ({ page }) => {
    await page.setViewportSize(MOBILE);
    const uid = await signIn(page, 'withdraw@example.com', 5000);
    await go(page, '/user/withdraw');
    // No saved wallet: the button to add one; the bank card tab likewise.
    await expect(page.getByText('No crypto wallet yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add a crypto wallet' })).toHaveAttribute(
      'href',
      '/user/wallet/addCrypto',
    );
    await page.getByRole('tab', { name: 'Bank card' }).click();
    await expect(page.getByRole('link', { name: 'Add a bank card' })).toBeVisible();

    // Without saved wallets (NO_WALLET_WITHDRAW): a coin network and a typed address.
    await setFlag(page, 'NO_WALLET_WITHDRAW', true);
    // Before a coin is chosen the amount says no currency rather than "(—)".
    await expect(page.getByLabel('Withdrawal amount', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /^Coin and network:/ }).click();
    await page
      .getByRole('dialog', { name: 'Choose coin and network' })
      .getByRole('button', { name: /USDT\s+TRC20/ })
      .click();
    const amount = page.getByLabel('Withdrawal amount (USDT)');
    // Digits and one dot, no leading dot, 5 decimals.
    await amount.fill('.1,2345678');
    await expect(amount).toHaveValue('1.23456');
    await amount.fill('50');
    await expect(
      page.getByText(
        'The withdrawal amount must be between 100 and 10000000 USDT (limits included)',
      ),
    ).toBeVisible();
    // More than the balance: the reason where the balance after would be, never a negative figure.
    const details = page.getByLabel('Fee details');
    await expect(details.getByRole('definition').first()).toHaveText('5000.00 USD');
    await amount.fill('6000');
    await expect(details.getByRole('definition').nth(3)).toHaveText('Balance is not enough');
    await expect(details).not.toContainText('-');
    await amount.fill('200');
    const fees = page.getByRole('definition');
    await expect(fees.filter({ hasText: '25 USDT' })).toBeVisible();
    await expect(fees.filter({ hasText: '175 USDT' })).toBeVisible();
    await expect(fees.filter({ hasText: '4800.00 USD' })).toBeVisible();
    // More than the 5000 USD balance.
    await amount.fill('6000');
    await expect(page.getByText('Balance is not enough').first()).toBeVisible();
    await amount.fill('200');
    await expect(page.getByText('Balance is not enough')).toHaveCount(0);
    // Switching tab clears the amount.
    const tabs = page.getByRole('tablist');
    await tabs.getByRole('tab', { name: 'Bank card' }).click();
    await tabs.getByRole('tab').first().click();
    await expect(page.getByLabel(/^Withdrawal amount/)).toHaveValue('');
    // No network chosen: nothing is judged yet.
    await page.getByLabel(/^Withdrawal amount/).fill('50');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/The withdrawal amount must be between/)).toHaveCount(0);
    await page.getByRole('button', { name: /^Coin and network:/ }).click();
    await page
      .getByRole('dialog', { name: 'Choose coin and network' })
      .getByRole('button', { name: /USDT\s+TRC20/ })
      .click();
    // Chosen: now the amount is judged.
    await expect(page.getByText(/The withdrawal amount must be between/)).toBeVisible();
    await amount.fill('200');
    await expect(fees.filter({ hasText: '175 USDT' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter a crypto address')).toBeVisible();
    await page.getByLabel('Payment address').fill(TRC20_ADDRESS);
    await screenshot(page, 'user-withdraw-mobile');
    // A review before the irreversible send: what leaves, the fee, what arrives, where.
    await page.getByRole('button', { name: 'Continue' }).click();
    const check = page.getByRole('region', { name: 'Check your withdrawal' });
    const said = (term: string) =>
      check.getByRole('term').filter({ hasText: term }).locator('+ dd');
    await expect(said('You withdraw')).toHaveText('200 USDT');
    await expect(said('Fee')).toHaveText('25 USDT');
    await expect(said('You receive')).toHaveText('175 USDT');
    await expect(said('Coin and network')).toHaveText('USDT TRC20');
    await expect(said('Withdrawal address')).toHaveText(TRC20_ADDRESS);
    await screenshot(page, 'user-withdraw-review-mobile');
    expect(await backOffice<unknown[]>(page, 'walletRequests', uid)).toEqual([]);
    // Back keeps what was typed; Confirm sends.
    await check.getByRole('button', { name: 'Back' }).click();
    await expect(amount).toHaveValue('200');
    await page.getByRole('button', { name: 'Continue' }).click();
    await check.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveShownToast('Submitted successfully, please wait for the review');

    // In review: the form is locked (1067).
    const locked = page.getByRole('status', { name: 'Withdrawal locked' });
    await expect(locked.getByText('A withdrawal request has already been submitted')).toBeVisible();
    await expect(
      locked.getByText('There are pending withdrawal requests for review'),
    ).toBeVisible();
    await screenshot(page, 'user-withdraw-locked-mobile');
    await saved(page);
    await page.reload();
    await expect(page.getByRole('status', { name: 'Withdrawal locked' })).toBeVisible();

    // Rejected by the back office: the record says why, a notification arrives, the form opens.
    const item = await reviewOf(page, 'withdrawal', uid);
    await backOffice(page, 'rejectWithdrawal', item.id, 'Address check failed');
    await saved(page);
    await page.goto('/user/wallet/depositList');
    const rec = page
      .getByRole('list', { name: 'Deposit and withdrawal records' })
      .getByRole('article', { name: 'Withdraw 200 USDT' });
    await expect(rec).toContainText('Failed');
    await expect(rec).toContainText('Reason: Address check failed');
    await page.getByRole('button', { name: 'Withdrawals' }).click();
    await expect(rec).toBeVisible();
    await page.getByRole('button', { name: 'Deposits' }).click();
    // The deposits page is in (the list is remade on a filter change), without it.
    await expect(page.getByRole('button', { name: 'Deposits' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      page.getByRole('list', { name: 'Deposit and withdrawal records' }),
    ).toHaveAttribute('aria-busy', 'false');
    await expect(rec).toBeHidden();
    await page.goto('/user');
    await expect(
      page.getByRole('link', { name: /Notifications/ }).locator('.count-badge'),
    ).toHaveText('1');
    await page.goto('/user/withdraw');
    await expect(
      page
        .getByLabel('Withdrawal amount (USDT)')
        .or(page.getByRole('button', { name: /^Coin and network:/ }))
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('status', { name: 'Withdrawal locked' })).toBeHidden();
  },
);

test('trade records: market filters, detail and the uid query', async ({ page, consoleErrors }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'records@example.com');
  await go(page, '/BTCUSDT/place?direction=0');
  await page.getByLabel('Volume (lots)').fill('0.1');
  await page.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
  await saved(page);

  await page.goto('/user/wallet/transactionList');
  await expect(page.getByRole('tab', { name: 'Market orders' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const list = page.getByRole('list', { name: 'Market orders' });
  const card = list.getByRole('button', { name: /^BTCUSDT \d+$/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Open');
  await page.getByRole('button', { name: 'Unsettled' }).click();
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'Canceled' }).click();
  await expect(list.getByText('No records')).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await screenshot(page, 'user-transactions-mobile');
  const name = (await card.getAttribute('aria-label')) ?? '';
  const id = name.split(' ')[1] ?? '';
  await card.click();
  const detail = page.getByRole('dialog', { name: `BTCUSDT · ${id}` });
  await expect(detail.getByText('Place time')).toBeVisible();
  await settled(page);
  await screenshot(page, 'user-transactions-detail-mobile');
  await detail.getByRole('button', { name: 'Close', exact: true }).click();

  // ?uid= opens that order's detail.
  await page.goto(`/user/wallet/transactionList?uid=${id}`);
  await expect(page.getByRole('dialog', { name: `BTCUSDT · ${id}` })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('tab', { name: 'Option orders' }).click();
  await expect(
    page.getByRole('list', { name: 'Option orders' }).getByText('No records'),
  ).toBeVisible();

  // The wallet overview lists it among the latest transactions.
  await page.goto('/user/myWallet');
  const latest = page.getByRole('region', { name: 'Latest transactions' });
  await expect(latest.getByRole('button', { name: `BTCUSDT ${id}` })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('my wallet is not offered with multi-wallet off', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'noflag@example.com');
  await setFlag(page, 'multi-wallet', false);
  await page.goto('/user/myWallet');
  await expect(page).toHaveURL(/\/user$/);
  await expect(page).toHaveShownToast('This page is not available for your account');
});

test('desktop: the wallet screens in the account drawer', async ({ page, consoleErrors }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'desk@example.com', 5000);
  const drawer = page.getByRole('dialog', { name: 'Mine' });

  await page.goto('/user/myWallet');
  await expect(
    drawer.getByRole('region', { name: 'Total assets' }).getByText('5000.00', { exact: true }),
  ).toBeVisible();
  await screenshot(page, 'user-wallet-desktop');
  await drawer.getByRole('button', { name: 'Transfer in BTC' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer in BTC' });
  await transfer.getByLabel('Amount (BTC)').fill('0.01');
  await expect(transfer.getByText(/0\.00999 BTC/)).toBeVisible();
  await settled(page);
  await screenshot(page, 'user-wallet-transfer-desktop');
  await transfer.getByRole('button', { name: 'Close', exact: true }).click();
  await drawer.getByRole('tab', { name: 'Wallet records' }).click();
  await screenshot(page, 'user-wallet-records-desktop');

  await page.goto('/user/deposit');
  await expect(drawer.getByRole('img', { name: /QR code/ })).toBeVisible();
  await screenshot(page, 'user-deposit-desktop');
  await drawer.getByRole('button', { name: 'Next' }).click();
  await drawer.getByLabel('Deposit amount (USDT)').fill('.5');
  await expect(drawer.getByLabel('Deposit amount (USDT)')).toHaveValue('5');
  await screenshot(page, 'user-deposit-step2-desktop');
  await drawer.getByRole('button', { name: 'Back', exact: true }).click();
  await drawer.getByRole('tab', { name: 'Bank' }).click();
  await expect(drawer.getByText(/customer service/).first()).toBeVisible();
  await screenshot(page, 'user-deposit-bank-desktop');

  await page.goto('/user/withdraw');
  await expect(drawer.getByRole('link', { name: 'Add a crypto wallet' })).toBeVisible();
  await screenshot(page, 'user-withdraw-desktop');

  await page.goto('/user/wallet/transactionList');
  await expect(drawer.getByRole('tab', { name: 'Market orders' })).toBeVisible();
  await screenshot(page, 'user-transactions-desktop');
  await page.goto('/user/wallet/depositList');
  await expect(
    drawer.getByRole('heading', { name: 'Deposit and withdrawal records' }),
  ).toBeVisible();
  await screenshot(page, 'user-deposit-list-desktop');
  expect(consoleErrors).toEqual([]);
});

test('deposit with the QR code hidden by the site', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'noqr@example.com');
  await setFlag(page, 'depositHideQRCode', true);
  await page.goto('/user/deposit');
  await expect(page.getByTestId('deposit-address')).toBeVisible();
  await expect(page.getByText('QR code hidden: copy the address instead')).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await screenshot(page, 'user-deposit-qr-hidden-mobile');
});
