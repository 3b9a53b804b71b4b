/**
 * The cards area of the user centre against the simulator: saved crypto
 * addresses and bank cards (the loan is in loan.spec.ts), on
 * the phone and in the desktop account drawer, with a screenshot of every
 * screen (test-results/screens/user-*.png).
 */
import { test, expect, MOBILE, DESKTOP, shot } from './fixtures.ts';
import { backOffice, signIn, saved, go } from './sim.ts';

const VIEWPORTS = [
  ['mobile', MOBILE],
  ['desktop', DESKTOP],
] as const;

for (const [vp, size] of VIEWPORTS) {
  test(`${vp}: add a crypto address with validation, then delete it`, async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, `crypto-${vp}@example.com`, 0);
    await go(page, '/user/wallet/crypto');
    await expect(page.getByRole('heading', { name: 'Crypto wallets' })).toBeVisible();
    await expect(page.getByText('No saved addresses yet')).toBeVisible();
    await shot(page, `user-crypto-empty-${vp}`);

    await page.getByRole('link', { name: 'Add a crypto wallet' }).first().click();
    await expect(page).toHaveURL(/\/user\/wallet\/addCrypto$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please choose a coin and network')).toBeVisible();
    await expect(page.getByText('Please enter a crypto address')).toBeVisible();
    await shot(page, `user-crypto-add-${vp}`);

    await page.getByRole('button', { name: /Coin and network/ }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a coin and network' });
    await expect(picker.getByRole('button', { name: 'USDT ERC20' })).toBeVisible();
    await shot(page, `user-crypto-picker-${vp}`);
    await picker.getByRole('button', { name: 'USDT TRC20' }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByText('Please choose a coin and network')).toBeHidden();
    await expect(page.getByRole('button', { name: /Coin and network USDT TRC20/ })).toBeVisible();

    const address = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    await page.getByLabel('Address').fill(address);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveShownToast('Added successfully');
    await expect(page).toHaveURL(/\/user\/wallet\/crypto$/);
    const saved = page
      .getByRole('list', { name: 'Saved addresses' })
      .getByRole('link', { name: /USDT TRC20/ });
    await expect(saved).toContainText(address);
    await shot(page, `user-crypto-list-${vp}`);

    await saved.click();
    await expect(page).toHaveURL(/\/user\/wallet\/deleteCrypto\?.*walletId=\d+/);
    // The route carries the five values the spec names, URL-encoded (user-centre §2).
    const query = Object.fromEntries(new URL(page.url()).searchParams);
    expect(Object.keys(query).sort()).toEqual([
      'cryptocurrencyAddress',
      'currencyId',
      'currencyName',
      'protocol',
      'walletId',
    ]);
    expect(query).toMatchObject({
      currencyName: 'USDT',
      protocol: 'TRC20',
      cryptocurrencyAddress: address,
    });
    expect(query.currencyId).not.toBe('');
    const detail = page.getByRole('region', { name: 'Saved address' });
    await expect(detail.getByText(address)).toBeVisible();
    await shot(page, `user-crypto-delete-${vp}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete address' });
    await expect(confirm.getByText(/Delete this address\?/)).toBeVisible();
    await shot(page, `user-crypto-delete-confirm-${vp}`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveShownToast('Deleted successfully');
    await expect(page).toHaveURL(/\/user\/wallet\/crypto$/);
    await expect(page.getByText('No saved addresses yet')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test(`${vp}: add, edit and delete a bank card, with validation`, async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, `card-${vp}@example.com`, 0);
    await go(page, '/user/wallet/bankCard');
    await expect(page.getByRole('heading', { name: 'Bank cards' })).toBeVisible();
    await expect(page.getByText('No bank cards yet')).toBeVisible();
    await shot(page, `user-bankcards-empty-${vp}`);

    await page.getByRole('link', { name: 'Add a bank card' }).first().click();
    await expect(page).toHaveURL(/\/user\/wallet\/addBankCard$/);
    // The form is in (the card list loads first); the bank-info fields are off on this site.
    await expect(page.getByLabel('Bank name')).toBeVisible();
    await expect(page.getByLabel('Institution number')).toHaveCount(0);
    await page.getByLabel('Phone number').fill('123');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter the bank name')).toBeVisible();
    await expect(page.getByText('Please enter the payee name')).toBeVisible();
    await expect(page.getByText('Please enter the bank account')).toBeVisible();
    // No area code chosen yet (user-centre.md §5), then a code with a short number.
    await expect(page.getByText('Please choose an area code first')).toBeVisible();
    await page.getByLabel('Country code').selectOption('44');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
    await shot(page, `user-bankcard-add-${vp}`);

    await page.getByLabel('Bank name').fill('Test Bank');
    await page.getByLabel('Bank code (SWIFT)').fill('TESTGB2L');
    await page.getByLabel('Bank country').fill('United Kingdom');
    await page.getByLabel('Payee name').fill('Ada Lovelace');
    await page.getByLabel('Bank account').fill('GB29NWBK60161331926819');
    await page.getByLabel('Country code').selectOption('44');
    await page.getByLabel('Phone number').fill('7911123456');
    await page.getByLabel('Payee address').fill('1 Main Street, London');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveShownToast('Added successfully');
    await expect(page).toHaveURL(/\/user\/wallet\/bankCard$/);
    const cards = page.getByRole('list', { name: 'Bank cards' });
    await expect(cards.getByText('Test Bank')).toBeVisible();
    await expect(cards.getByText('•••• 6819')).toBeVisible();
    await shot(page, `user-bankcards-${vp}`);

    await cards.getByRole('link', { name: 'Edit Test Bank card ending 6819' }).click();
    await expect(page).toHaveURL(/\/user\/wallet\/editBankCard\?id=\d+$/);
    await expect(page.getByLabel('Bank name')).toHaveValue('Test Bank');
    await expect(page.getByLabel('Bank account')).toHaveValue('GB29NWBK60161331926819');
    await expect(page.getByLabel('Country code')).toHaveValue('44');
    await expect(page.getByLabel('Phone number')).toHaveValue('7911123456');
    await expect(page.getByLabel('Payee address')).toHaveValue('1 Main Street, London');
    await shot(page, `user-bankcard-edit-${vp}`);
    await page.getByLabel('Payee name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter the payee name')).toBeVisible();
    await page.getByLabel('Payee name').fill('Ada King');
    await page.getByLabel('Bank name').fill('Other Bank');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveShownToast('Update successful');
    await expect(page).toHaveURL(/\/user\/wallet\/bankCard$/);
    await expect(cards.getByText('Other Bank')).toBeVisible();

    await cards.getByRole('link', { name: 'Edit Other Bank card ending 6819' }).click();
    await expect(page.getByLabel('Payee name')).toHaveValue('Ada King');
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete bank card' });
    await expect(confirm.getByText(/Delete this bank card\?/)).toBeVisible();
    await shot(page, `user-bankcard-delete-${vp}`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveShownToast('Deleted successfully');
    await expect(page).toHaveURL(/\/user\/wallet\/bankCard$/);
    await expect(page.getByText('No bank cards yet')).toBeVisible();

    // A card that cannot be read: back to the list.
    await saved(page);
    await page.goto('/user/wallet/editBankCard?id=999999');
    await expect(page).toHaveURL(/\/user\/wallet\/bankCard$/);
    await expect(page.getByText('No bank cards yet')).toBeVisible();

    // With the bank-info setting the institution and transit numbers show.
    await backOffice(page, 'setFlag', 'bankInfo', true);
    await saved(page);
    await page.goto('/user/wallet/addBankCard');
    await expect(page.getByLabel('Institution number')).toBeVisible();
    await expect(page.getByLabel('Transit number')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}

test('screens not available send the user back to /user with a notice', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'flags@example.com', 0);
  await backOffice(page, 'setFlag', 'NO_WALLET_WITHDRAW', true);
  await backOffice(page, 'setFlag', 'user-loan', false);
  await saved(page);
  await page.goto('/user/wallet/crypto');
  await expect(page).toHaveShownToast('This feature is not available for your account');
  await expect(page).toHaveURL(/\/user$/);
  await page.goto('/user/wallet/addCrypto');
  await expect(page).toHaveURL(/\/user$/);
  await page.goto('/user/loan');
  await expect(page).toHaveURL(/\/user$/);
  // Bank cards are still on for the real account…
  await page.goto('/user/bankCard');
  await expect(page.getByRole('heading', { name: 'Bank cards' })).toBeVisible();
  // …and not for the demo account.
  await page.goto('/user');
  await page.getByRole('button', { name: 'Switch to the demo account' }).first().click();
  await page
    .getByRole('dialog', { name: 'Switch account' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByRole('button', { name: 'Reset demo account' })).toBeVisible();
  await saved(page);
  await page.goto('/user/wallet/bankCard');
  await expect(page).toHaveURL(/\/user$/);
  await expect(page).toHaveShownToast('This feature is not available for your account');
});
