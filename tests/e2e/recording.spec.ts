/**
 * Issue 29 item 3, the reviewer's side: Record in the console's Scenarios
 * tab keeps what is done on screen across a reload, the handle says it is
 * recording, and Export downloads a recording without the typed password,
 * its QA plan and its replay. (The replays themselves: tests/e2e/recorded.)
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, MOBILE } from './fixtures.ts';

const scenarios = (page: Page) => {
  const office = page.getByRole('dialog', { name: 'Simulator back office' });
  return { office, tab: office.getByRole('tab', { name: 'Scenarios' }) };
};

test('phone: a recording survives a reload and exports without the password', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login?scenario=new-trader');
  await expect(page).toHaveURL(/\/login$/);
  const handle = page.locator('.console-launcher');
  await handle.click();
  const { office, tab } = scenarios(page);
  await tab.click();
  await office.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(office.getByText('Recording… steps kept: 0')).toBeVisible();
  await office.getByRole('button', { name: 'Close the back office' }).click();
  await expect(handle).toHaveAccessibleName('Back office Recording');

  const main = page.getByRole('main');
  await main.getByLabel('E-mail').fill('new.trader@example.com');
  await main.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.reload();
  // Still recording after the load, which is a step of its own (the form starts empty again).
  await expect(handle).toHaveAccessibleName('Back office Recording');
  await main.getByLabel('E-mail').fill('new.trader@example.com');
  await main.getByLabel('Password', { exact: true }).fill('demo1234');
  await main.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/$/);

  await handle.click();
  await tab.click();
  await expect(office.getByText('Recording… steps kept: 7')).toBeVisible();
  await office.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(office.getByText('Stopped: 7 steps. Export them, or Discard.')).toBeVisible();
  await office.getByLabel('Recording name').fill('Sign In');
  const files: Record<string, string> = {};
  const three = new Promise<void>((done) =>
    page.on('download', (d) => {
      void d.path().then((p) => {
        files[d.suggestedFilename()] = readFileSync(p, 'utf8');
        if (Object.keys(files).length === 3) done();
      });
    }),
  );
  await office.getByRole('button', { name: 'Export', exact: true }).click();
  await three;
  expect(Object.keys(files).sort()).toEqual([
    'sign-in.plan.md',
    'sign-in.recording.json',
    'sign-in.spec.ts',
  ]);
  const all = Object.values(files).join('\n');
  expect(all).not.toContain('demo1234');
  const rec = JSON.parse(files['sign-in.recording.json']!) as {
    path: string;
    steps: Array<{ kind: string; path?: string; value?: string }>;
    end: { path: string };
  };
  expect(rec.path).toBe('/login');
  expect(rec.steps.map((s) => s.kind)).toEqual([
    'fill',
    'fill',
    'go',
    'fill',
    'fill',
    'click',
    'toast',
  ]);
  expect(rec.steps[1]!.value).toBe('{{password}}');
  expect(rec.steps[2]!.path).toBe('/login');
  expect(rec.end.path).toBe('/');
  expect(files['sign-in.plan.md']).toContain("Type the scenario's password in “Password”");
  expect(files['sign-in.spec.ts']).toContain('.fill(PASSWORD);');
  expect(consoleErrors).toEqual([]);
});
