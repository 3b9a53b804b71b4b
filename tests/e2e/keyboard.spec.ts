/**
 * Accessibility (issue 16): every journey by keyboard alone, on a phone and a
 * desktop. No clicks: Tab and Shift+Tab move, Enter and Space act, Escape
 * closes. The back office only prepares data (a user with money). Each stop
 * shows a visible focus ring; dialogs keep focus inside, close on Escape and
 * give focus back to their opener.
 */
import type { FileChooser, Locator, Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, LOADING } from './fixtures.ts';
import { backOffice, go } from './sim.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Press Tab (or Shift+Tab) until `target` has focus; fails if it is not reached. */
async function tabTo(page: Page, target: Locator, back = false, max = 80) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached by ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses: ${target}`);
}

/** The focused element matches :focus-visible and draws an outline or a ring. */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1;
    return { visible: el.matches(':focus-visible'), drawn: outline || s.boxShadow !== 'none' };
  });
  expect(ring).toEqual({ visible: true, drawn: true });
}

/** Sign in by keyboard: tab to each field, type, submit with Enter. */
async function signInByKeyboard(page: Page, email: string, deposit = 20_000) {
  await page.goto('/login');
  await backOffice(page, 'seedUser', { email, password: 'secret123', deposit });
  const scope = page.getByRole('dialog', { name: 'Sign in' }).or(page.getByRole('main')).first();
  const field = scope.getByLabel('E-mail');
  await tabTo(page, field);
  await expectFocusRing(page);
  await page.keyboard.type(email);
  await tabTo(page, scope.getByLabel('Password', { exact: true }));
  await page.keyboard.type('secret123');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

for (const [label, size] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`keyboard only, ${label}`, () => {
    test.beforeEach(({ page }) => page.setViewportSize(size));

    test('sign in and place a market order', async ({ page, consoleErrors }) => {
      await signInByKeyboard(page, `kb-order-${label}@example.com`);
      await page.goto('/BTCUSDT/place?direction=0');
      await tabTo(page, page.getByLabel('Volume (lots)'));
      await expectFocusRing(page);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('0.1');
      await expect(page.getByText('Margin (USD)')).toBeVisible();
      const buy = page.getByRole('button', { name: 'Buy BTCUSDT' });
      await tabTo(page, buy);
      await expectFocusRing(page);
      await page.keyboard.press('Enter');
      // The success drawer (§2, phone and desktop) holds focus.
      const placed = page.getByRole('dialog', { name: 'Order placed' });
      await expect(placed).toBeVisible();
      await expect
        .poll(() => placed.evaluate((d) => d.contains(document.activeElement)))
        .toBe(true);
      if (label === 'desktop') {
        // Escape closes it; a fresh form replaces the used one, focus stays in the panel and Tab reaches it.
        await page.keyboard.press('Escape');
        await expect(placed).toHaveCount(0);
        const panel = page.getByRole('complementary', { name: 'Place order' });
        await expect
          .poll(() => panel.evaluate((p) => p.contains(document.activeElement)))
          .toBe(true);
        await tabTo(page, page.getByLabel('Volume (lots)'));
        // The position's row opens its detail drawer with Enter, and the drawer stays open.
        const row = page.getByRole('region', { name: 'Position' }).getByRole('row').nth(1);
        await tabTo(page, row);
        await page.keyboard.press('Enter');
        const detail = page.getByRole('dialog', { name: /^BTCUSDT · / });
        await expect(detail).toBeVisible();
        await expect(detail.getByText('Margin')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(detail).toHaveCount(0);
      } else {
        await tabTo(page, placed.getByRole('button', { name: 'View positions' }));
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/position$/);
        await expect(page.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();
      }
      expect(consoleErrors).toEqual([]);
    });

    test('a deposit by keyboard, file chosen with Space', async ({ page }) => {
      // Listening from the start: the browser intercepts file choosers long before Space is
      // pressed (a listener added just before the key races the interception being set up).
      const choosers: FileChooser[] = [];
      page.on('filechooser', (c) => choosers.push(c));
      await signInByKeyboard(page, `kb-deposit-${label}@example.com`, 100);
      await page.goto('/user/deposit');
      await tabTo(page, page.getByRole('button', { name: 'Next' }));
      await page.keyboard.press('Enter');
      const amount = page.getByLabel('Deposit amount (USDT)');
      await tabTo(page, amount);
      await page.keyboard.type('1500');
      await tabTo(page, page.getByLabel('Deposit proof'));
      await expectFocusRing(page);
      await page.keyboard.press('Space');
      await expect
        .poll(() => choosers.length, {
          message: `Space opens the file chooser (focus then on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))})`,
        })
        .toBe(1);
      await choosers[0]!.setFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByRole('img', { name: 'Deposit proof preview' })).toBeVisible();
      const agree = page.getByRole('checkbox', { name: /I have read and agree/ });
      await tabTo(page, agree);
      await page.keyboard.press('Space');
      await expect(agree).toBeChecked();
      await tabTo(page, page.getByRole('button', { name: 'Submit' }));
      await expectFocusRing(page);
      await page.keyboard.press('Enter');
      await expect(
        page.getByText('Submitted successfully, please wait for the review'),
      ).toBeVisible();
    });

    test('a drawer traps focus, closes on Escape and gives focus back', async ({ page }) => {
      await signInByKeyboard(page, `kb-drawer-${label}@example.com`);
      await page.goto('/user/deposit');
      const opener = page.getByRole('button', { name: /Coin and network/ });
      await tabTo(page, opener);
      await expectFocusRing(page);
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Choose coin and network' });
      await expect(drawer).toBeVisible();
      const inside = () => drawer.evaluate((d) => d.contains(document.activeElement));
      await expect.poll(inside).toBe(true);
      const stops = await drawer.evaluate(
        (d) => d.querySelectorAll('button:not([disabled]), a[href], input, select').length,
      );
      // Round the drawer more than once both ways: focus never leaves it.
      for (let i = 0; i < stops * 2 + 2; i++) {
        await page.keyboard.press('Tab');
        expect(await inside()).toBe(true);
      }
      for (let i = 0; i < stops * 2 + 2; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await inside()).toBe(true);
      }
      await expectFocusRing(page);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect.poll(() => isFocused(opener)).toBe(true);
      // A choice made with Enter closes the drawer and focus is back on the opener too.
      await page.keyboard.press('Enter');
      await expect(drawer).toBeVisible();
      await tabTo(page, drawer.getByRole('button', { name: /BTC/ }).first());
      await page.keyboard.press('Enter');
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('img', { name: /QR code of the BTC BTC/ })).toBeVisible();
      await expect
        .poll(() => isFocused(page.getByRole('button', { name: /Coin and network/ })))
        .toBe(true);
    });

    test('the chart and its toolbar are reached by Tab', async ({ page }) => {
      await page.goto('/chart/BTCUSDT');
      const chart = page.getByRole('img', { name: /BTCUSDT/ }).first();
      await tabTo(page, chart);
      await expectFocusRing(page);
      const indicators = page.getByRole('button', { name: 'Indicators' });
      await tabTo(page, indicators);
      await expectFocusRing(page);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Indicators' });
      await expect(dialog).toBeVisible();
      const box = dialog.getByRole('checkbox').first();
      await tabTo(page, box);
      const was = await box.isChecked();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked({ checked: !was });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect.poll(() => isFocused(indicators)).toBe(true);
      await tabTo(page, page.getByRole('button', { name: 'Drawing tools' }));
      await page.keyboard.press('Enter');
      await tabTo(
        page,
        page.getByRole('toolbar', { name: 'Drawing tools' }).getByRole('button').first(),
      );
      await expectFocusRing(page);
    });
  });
}

/**
 * The focus ring on each stop of the tab order: drawn (outline or box shadow)
 * and, for an outline, at least 3:1 against the surface behind it (WCAG 1.4.11).
 */
async function ringProblems(page: Page, stops: number): Promise<string[]> {
  // Judged in the page as each stop takes focus (a listener), so a stop costs one key press.
  await page.evaluate(() => {
    const w = window as unknown as { __rings?: string[]; __ringsOff?: () => void };
    w.__ringsOff?.();
    const found: string[] = [];
    w.__rings = found;
    const judge = (): string => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const s = getComputedStyle(el);
      const name = `${el.tagName.toLowerCase()}.${el.className} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').slice(0, 30)}"`;
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1;
      if (!el.matches(':focus-visible') || !(outline || s.boxShadow !== 'none'))
        return `${name}: no visible focus`;
      if (!outline) return '';
      // The surface the ring is drawn on: the first ancestor with an opaque background.
      let bg: number[] = [255, 255, 255];
      for (let n: HTMLElement | null = el.parentElement; n; n = n.parentElement) {
        const c = rgb(getComputedStyle(n).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3]! > 0.9)) {
          bg = c.slice(0, 3);
          break;
        }
        if (getComputedStyle(n).backgroundImage !== 'none') return '';
      }
      const [hi, lo] = [lum(rgb(s.outlineColor)), lum(bg)].sort((a, b) => b - a);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      return ratio < 3 ? `${name}: ring ${ratio.toFixed(2)}:1 on rgb(${bg.join(',')})` : '';
    };
    const on = () => {
      const p = judge();
      if (p && !found.includes(p)) found.push(p);
    };
    // Tab from the top of the page, as after a load: a stop before the first one, not itself a stop.
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    document.addEventListener('focusin', on, true);
    w.__ringsOff = () => {
      document.removeEventListener('focusin', on, true);
      start.remove();
    };
  });
  for (let i = 0; i < stops; i++) await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const w = window as unknown as { __rings?: string[]; __ringsOff?: () => void };
    w.__ringsOff?.();
    return w.__rings ?? [];
  });
}

for (const dark of [false, true]) {
  test(`a visible focus ring on every stop: ${dark ? 'dark' : 'light'} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((d) => {
      localStorage.setItem('preferences', JSON.stringify({ dark: d }));
    }, dark);
    const problems: string[] = [];
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      // One load per layout; the app moves to each next screen itself (as a tap would).
      await page.goto('/');
      for (const path of ['/', '/chart/BTCUSDT', '/login']) {
        await go(page, path);
        await expect(page.locator('main, [role="dialog"], .desktop-shell').first()).toBeVisible();
        await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
        problems.push(...(await ringProblems(page, 30)).map((p) => `${size.width} ${path} ${p}`));
      }
    }
    await signInByKeyboard(page, `kb-ring-${dark ? 'd' : 'l'}@example.com`);
    for (const path of ['/user', '/user/myWallet', '/position']) {
      await go(page, path);
      await expect(page.locator('main, [role="dialog"], .desktop-shell').first()).toBeVisible();
      await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
      problems.push(...(await ringProblems(page, 30)).map((p) => `${DESKTOP.width} ${path} ${p}`));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
