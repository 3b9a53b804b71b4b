/**
 * Bank cards (user-centre.md §3 "Bank card": "A fixed bank key list exists:
 * aib, vib, hkib, jbic, kb, bnm, cba"): the card form offers those banks as
 * names for the bank field, and one chosen from the list is saved and shown.
 */
import { test, expect, MOBILE } from './fixtures.ts';
import { signIn, go } from './sim.ts';

test('the bank card form offers the fixed bank list as bank names; a chosen one is saved', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'bank-keys@example.com');
  await go(page, '/user/wallet/addBankCard');
  const bank = page.getByLabel('Bank name');
  await expect(bank).toBeVisible();
  const offered = await bank.evaluate((el) =>
    [...((el as HTMLInputElement).list?.options ?? [])].map((o) => o.value),
  );
  expect(offered).toEqual(['AIB', 'VIB', 'HKIB', 'JBIC', 'KB', 'BNM', 'CBA']);
  await bank.fill('JBIC');
  await page.getByLabel('Payee name').fill('Ada Lovelace');
  await page.getByLabel('Bank account').fill('GB29NWBK60161331926819');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveShownToast('Added successfully');
  await expect(page).toHaveURL(/\/user\/wallet\/bankCard$/);
  await expect(page.getByRole('list', { name: 'Bank cards' }).getByText('JBIC')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a card refused by its own rules says so: the fields, and the toast “Validation failed, please check content”', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'bank-validation@example.com');
  await go(page, '/user/wallet/addBankCard');
  await expect(page.getByLabel('Bank name')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter the bank name')).toBeVisible();
  await expect(page).toHaveShownToast('Validation failed, please check content');
  // Put right, it saves without the toast.
  await page.getByLabel('Bank name').fill('AIB');
  await page.getByLabel('Payee name').fill('Ada Lovelace');
  await page.getByLabel('Bank account').fill('IE29AIBK93115212345678');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveShownToast('Added successfully');
});
