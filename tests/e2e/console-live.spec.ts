/**
 * The console in live mode: the app runs against the simulator as a Node
 * server (started here), with a site config naming the operator API. The
 * config is served to the page by the test (the app reads config/site.json at
 * start-up), so the built app needs nothing special.
 */
import { test, expect, MOBILE, screenshot } from './fixtures.ts';
import { liveSiteConfig, startLiveServer, type LiveServer } from './live-server.ts';

let srv: LiveServer;
let KEY: string;

// The simulator server as a reviewer runs it (`npm run sim:server`), on a free port.
test.beforeAll(async () => {
  srv = await startLiveServer(11);
  KEY = srv.key;
});
test.afterAll(() => srv.stop());

/** A back-office operation over the operator API, as the console makes it. */
const operator = <T>(op: string, ...args: unknown[]): Promise<T> => srv.call<T>(op, ...args);

const liveConfig = () => liveSiteConfig({ siteName: 'Trader' }, srv);

/** A pending USDT deposit of 1500 for a fresh user, made over the public API. */
async function pendingDeposit(email: string): Promise<string> {
  const { uid, token } = await operator<{ uid: string; token: string }>('seedUser', {
    email,
    password: 'secret123',
  });
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  const meta = { coinId: '101', amt: '1500', said: '', locale: 'en' };
  form.append('metaData', new Blob([JSON.stringify(meta)], { type: 'application/json' }));
  form.append('depositProof', new Blob([png], { type: 'image/png' }), 'proof.png');
  const r = await fetch(`${srv.url}/api/v1/waa/user/deposit`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(((await r.json()) as { code: number }).code).toBe(0);
  return uid;
}

test('live mode: key once per session, outbox notices, a deposit approved from the console', async ({
  page,
  consoleErrors,
}) => {
  await page.route('**/config/site.json', (r) => r.fulfill({ json: liveConfig() }));
  await page.setViewportSize(MOBILE);
  await page.goto('/register');
  const launcher = page.locator('.console-launcher');
  await launcher.click();
  const consoleDialog = page.getByRole('dialog', { name: 'Simulator back office' });
  const keyField = consoleDialog.getByLabel('Operator key');
  await keyField.fill('not-the-key');
  await consoleDialog.getByRole('button', { name: 'Open the back office' }).click();
  await expect(consoleDialog.getByRole('alert')).toHaveText('Wrong key');
  await keyField.fill(KEY);
  await consoleDialog.getByRole('button', { name: 'Open the back office' }).click();
  await expect(consoleDialog.getByRole('tab', { name: 'Reviews' })).toBeVisible();
  // A live site's settings are its file's: no Site tab (simulator mode only).
  await expect(consoleDialog.getByRole('tab', { name: 'Site' })).toHaveCount(0);
  await screenshot(page, 'console-live-mobile');
  await launcher.click();

  // A code sent now shows as a notice, read from the operator outbox.
  await page.getByLabel('E-mail').fill('live-ui@example.com');
  await page.getByRole('button', { name: 'Get code' }).click();
  const notice = page.getByText(/Simulator: code \d{6} sent to live-ui@example\.com/);
  await expect(notice).toBeVisible();
  const code = /code (\d{6})/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
  expect(code).toBe(await operator('lastCode', 'live-ui@example.com'));
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveShownToast('Sign up successful');

  // The key lasts the browser session: after a reload the console opens on its tabs.
  const uid = await pendingDeposit('live-dep@example.com');
  await page.reload();
  await launcher.click();
  await expect(consoleDialog.getByRole('tab', { name: 'Reviews' })).toBeVisible();
  const row = consoleDialog.getByRole('listitem').filter({ hasText: `UID ${uid}` });
  await expect(row).toContainText('deposit');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveShownToast('Operation successful');
  const [req] = await operator<Array<{ payState: number }>>('walletRequests', uid);
  expect(req?.payState).toBe(1);
  await expect(row).toHaveCount(0);

  // Forgetting the key brings the key form back.
  await consoleDialog.getByRole('button', { name: 'Forget key' }).click();
  await expect(consoleDialog.getByLabel('Operator key')).toBeVisible();
  // The wrong key's 401 is the only error the browser logged.
  expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});
