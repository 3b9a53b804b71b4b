/** en → ja → en without a reload: nothing Japanese may stay on the main screens. */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, screenshot } from './fixtures.ts';
import { go, signIn } from './sim.ts';
import { texts } from '../support/i18n.ts';

/** The visible text, leaving out the language names in pickers (they are always in their own script). */
async function japaneseLeft(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('select, [role="listbox"], script, style').forEach((n) => n.remove());
    const attrs = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap(
      (el) =>
        ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? '').filter(Boolean),
    );
    return [clone.innerText, ...attrs].join('\n');
  });
  return text.split('\n').filter((l) => /[\u3040-\u30ff\u3400-\u9fff]/.test(l) && l !== '日本語');
}

test('phone: en → ja → en leaves no Japanese on home, chart, positions, history, mine', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'lng@example.com', 500);
  // Visit the screens in English first, so anything kept from a first render is in play.
  await page
    .getByRole('link', { name: /^BTCUSDT / })
    .first()
    .click();
  await expect(page.getByRole('img', { name: 'BTCUSDT price chart' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Mine' }).click();
  await page.getByRole('button', { name: /Language/ }).click();
  await page
    .getByRole('option', { name: /日本語/ })
    .getByRole('button')
    .click();
  await expect(page.getByRole('link', { name: 'ホーム' })).toBeVisible();
  for (const tab of ['ホーム', 'ポジション', '履歴'])
    await page.getByRole('link', { name: tab }).click();
  await page.getByRole('link', { name: 'マイページ' }).click();
  await page.getByRole('button', { name: /日本語/ }).click();
  await page
    .getByRole('option', { name: /English/ })
    .getByRole('button')
    .click();
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();

  const left: Record<string, string[]> = {};
  left.user = await japaneseLeft(page);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('region', { name: /Hot/ })).toBeVisible();
  left.home = await japaneseLeft(page);
  await page
    .getByRole('link', { name: /^BTCUSDT / })
    .first()
    .click();
  await expect(page.getByRole('img', { name: 'BTCUSDT price chart' })).toBeVisible();
  left.chart = await japaneseLeft(page);
  await screenshot(page, 'language-back-chart-mobile');
  await page.goBack();
  await page.getByRole('link', { name: 'Position' }).click();
  await expect(page.getByRole('link', { name: 'Position' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The lists' loaded text is read, not their placeholders: this user has no positions.
  await expect(page.getByText('No orders')).toBeVisible();
  left.position = await japaneseLeft(page);
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('list', { name: 'History' })).toHaveAttribute('aria-busy', 'false');
  left.history = await japaneseLeft(page);
  expect(left).toEqual({ user: [], home: [], chart: [], position: [], history: [] });
});

test('desktop: en → ja → en leaves no Japanese in the workspace, lists and account drawer', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'lngd@example.com', 500);
  const lang = page
    .getByRole('banner')
    .locator('select')
    .filter({ has: page.locator('option[value="ja"]') });
  await expect(page.getByRole('img', { name: /price chart/ })).toBeVisible();
  await lang.selectOption('ja');
  await expect(page.getByRole('banner').getByRole('button', { name: 'マーケット' })).toBeVisible();
  await lang.selectOption('en');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Market' })).toBeVisible();
  const left: Record<string, string[]> = {};
  left.workspace = await japaneseLeft(page);
  await page
    .getByRole('navigation', { name: 'Lists' })
    .getByRole('button', { name: 'History' })
    .click();
  await expect(
    page.getByRole('region', { name: 'History' }).getByRole('list', { name: 'History' }),
  ).toHaveAttribute('aria-busy', 'false');
  left.history = await japaneseLeft(page);
  await page.getByRole('button', { name: 'Balance' }).click();
  await page.getByRole('dialog', { name: 'Balance' }).getByRole('link', { name: 'Mine' }).click();
  await expect(page.getByRole('dialog', { name: 'Mine' })).toBeVisible();
  left.user = await japaneseLeft(page);
  await screenshot(page, 'language-back-desktop');
  expect(left).toEqual({ workspace: [], history: [], user: [] });
});

test('desktop: English chosen while the Japanese file is still loading stays English', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  // A slow network: the Japanese texts take a second to arrive.
  await page.route(/\/assets\/ja-[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  const lang = page
    .getByRole('banner')
    .locator('select')
    .filter({ has: page.locator('option[value="ja"]') });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Market' })).toBeVisible();
  await lang.selectOption('ja');
  await lang.selectOption('en');
  await page.waitForResponse(/\/assets\/ja-[\w-]+\.js$/);
  // real delay: the late chunk, arrived, has had its chance to switch back.
  await page.waitForTimeout(300);
  await expect(lang).toHaveValue('en');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Market' })).toBeVisible();
  expect(await japaneseLeft(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
});

/** Keys of English shown as text or as an accessible name (a text that had not loaded). */
async function keysShown(page: Page): Promise<string[]> {
  const keys = new Set(texts('en').keys());
  const shown = await page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')),
    ].join(' '),
  );
  return shown.split(/[\s,;:()]+/).filter((w) => keys.has(w));
}

const REST = /\/assets\/en-rest-[\w-]+\.js$/;

/** Holds the rest of English (i18n/first-texts.ts) back until `release()`. */
async function holdRestOfEnglish(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(REST, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('phone: home needs only the first part of English; a lazy screen waits for the rest; no key shows', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  const release = await holdRestOfEnglish(page);
  const asked = page.waitForRequest(REST);
  await page.goto('/');
  await expect(page.locator('[data-testid^="row-bid-"]').first()).toHaveText(/\d/);
  await expect(page.getByRole('link', { name: 'Position' })).toBeVisible();
  // Asked for after the first prices, and home is whole without it.
  await asked;
  expect(await keysShown(page)).toEqual([]);
  const screen = page.waitForResponse(/\/assets\/login-[\w-]+\.js$/);
  await go(page, '/login');
  await screen;
  // real delay: the screen's chunk is in; without its texts it would render by now.
  await page.waitForTimeout(300);
  await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  expect(await keysShown(page)).toEqual([]);
  release();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  expect(await keysShown(page)).toEqual([]);
});

test('phone: a page opened on a chart enables Buy without the rest of English; its chart panel waits for it', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  const release = await holdRestOfEnglish(page);
  await page.goto('/chart/BTCUSDT');
  await expect(page.getByRole('button', { name: 'Buy', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Sell', exact: true })).toBeEnabled();
  await expect(page.locator('.chart-panel')).toHaveCount(0);
  expect(await keysShown(page)).toEqual([]);
  release();
  await expect(page.locator('.chart-panel')).toBeVisible();
  expect(await keysShown(page)).toEqual([]);
});

test('phone: the language list shows a flag image for each language (trading §1)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Language' }).click();
  const list = page.getByRole('listbox', { name: 'Language' });
  const options = list.getByRole('option');
  await expect(options).toHaveCount(11);
  // The default site's languages, English first and chosen.
  await expect(options).toContainText([
    'English',
    '繁體中文',
    '日本語',
    'Deutsch',
    'Français',
    'Italiano',
    '한국어',
    'Español',
    'Tiếng Việt',
    'ไทย',
    'العربية',
  ]);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(list.locator('svg.flag')).toHaveCount(11);
  await expect(
    list.getByRole('option', { name: '日本語' }).locator('svg[data-flag="ja"]'),
  ).toBeVisible();
  // Images, not emoji: no regional-indicator characters in the list.
  expect(await list.textContent()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  await screenshot(page, 'wave2-language-flags-mobile');
  // A language with a region shows its own texts (i18next showed English for zh-tw and zh-cn).
  await list.getByRole('option', { name: '繁體中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-tw');
  await expect(page.getByRole('link', { name: '忘記密碼？' })).toBeVisible();
  await expect(page.getByText('新用戶？立即註冊')).toBeVisible();
});

test('desktop: the language select shows the chosen language as a flag image (trading §1)', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const select = page.getByRole('combobox', { name: 'Language' });
  await expect(select).toBeVisible();
  const box = page.locator('.language-select');
  await expect(box.locator('svg.flag[data-flag="en"]')).toBeVisible();
  // Images, not emoji (which many desktops draw as two letters).
  expect(await select.textContent()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  // The label is Japanese once Japanese is chosen: the select is found by its box.
  await select.selectOption('ja');
  await expect(box.locator('svg.flag[data-flag="ja"]')).toBeVisible();
  await screenshot(page, 'wave2-language-select-desktop');
});
