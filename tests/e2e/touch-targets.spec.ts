/**
 * Touch targets on a phone (issue 25 item 8; WCAG 2.2 SC 2.5.8 Target Size
 * (Minimum)): every visible control on the main screens of a 390×844 phone
 * is at least 24×24 CSS px, or is spaced so that a 24 px circle centred on it
 * touches no other target nor another small target's circle, or is a link
 * inside a sentence (the SC's inline exception). axe's own target-size rule
 * (wcag22aa) runs on the same screens. Beyond the SC, the app's own controls
 * are held to 24×24 with no spacing exception either (a checkbox's label
 * counts as its target): the check boxes, form links and "View all" links
 * that relied on their spacing are sized instead.
 */
import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, LOADING, settled } from './fixtures.ts';
import { go, signIn } from './sim.ts';

const PUBLIC = ['/', '/quotation', '/search', '/chart/BTCUSDT', '/login', '/register', '/forgot'];
const PRIVATE = [
  '/',
  '/BTCUSDT/place?direction=0',
  '/BTCUSDT/placeOption?direction=1',
  '/position',
  '/history',
  '/user',
  '/user/account',
  '/user/myWallet',
  '/user/deposit',
  '/user/withdraw',
  '/user/wallet/crypto',
  '/user/wallet/addBankCard',
  '/user/loan',
  '/user/wallet/transactionList',
  '/user/wallet/depositList',
];

/**
 * In the page: the visible targets under 24×24 that the SC's spacing and
 * inline exceptions do not cover; `strict`: every one under 24×24 but links in a sentence.
 */
function smallTargets(strict = false): string[] {
  const SEL = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[role="button"]',
    '[role="link"]',
    '[role="tab"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="switch"]',
    '[role="menuitem"]',
    '[role="option"]',
  ].join(',');
  const MIN = 24;
  const shown = (el: Element) => {
    if (el.closest('[aria-hidden="true"], [inert]')) return false;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  /** A control's target: an input is pressed through its label too (a check box, a hidden file input). */
  const targetOf = (el: Element): Element => {
    if (
      el instanceof HTMLInputElement &&
      el.labels?.length &&
      ['checkbox', 'radio', 'file'].includes(el.type)
    ) {
      const label = [...el.labels].find(shown);
      if (label) return label;
    }
    return el;
  };
  /** A link in a sentence: inline, and its block has words of its own beside it. */
  const inline = (el: Element) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const block = el.parentElement;
    const own = [...(block?.childNodes ?? [])]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
    return own.length > 0;
  };
  // The simulator's console handle is the test bench's, not a site's: it keeps to the 16 px gutter.
  const controls = [...document.querySelectorAll(SEL)].filter(
    (el) => shown(el) && !(el as HTMLButtonElement).disabled && !el.closest('.console-launcher'),
  );
  const targets = [...new Set(controls.map(targetOf))];
  const rects = new Map(targets.map((el) => [el, el.getBoundingClientRect()]));
  const small = targets.filter((el) => {
    const r = rects.get(el)!;
    return r.width < MIN - 0.5 || r.height < MIN - 0.5;
  });
  const centre = (r: DOMRect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
  const distToRect = (p: { x: number; y: number }, r: DOMRect) => {
    const dx = Math.max(r.left - p.x, 0, p.x - r.right);
    const dy = Math.max(r.top - p.y, 0, p.y - r.bottom);
    return Math.hypot(dx, dy);
  };
  const related = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);
  const name = (el: Element) =>
    (
      el.getAttribute('aria-label') ||
      (el as HTMLElement).innerText ||
      el.getAttribute('title') ||
      el.getAttribute('name') ||
      el.tagName
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
  const out: string[] = [];
  for (const el of small) {
    if (inline(el)) continue;
    const r = rects.get(el)!;
    const c = centre(r);
    const crowded = targets.some((other) => {
      if (related(el, other)) return false;
      const o = rects.get(other)!;
      if (distToRect(c, o) < MIN / 2) return true;
      const oSmall = o.width < MIN - 0.5 || o.height < MIN - 0.5;
      const oc = centre(o);
      return oSmall && Math.hypot(c.x - oc.x, c.y - oc.y) < MIN;
    });
    if (strict || crowded)
      out.push(
        `${el.tagName.toLowerCase()} “${name(el)}” ${Math.round(r.width)}×${Math.round(r.height)}`,
      );
  }
  return out;
}

async function check(page: Page, path: string, found: string[]) {
  await go(page, path);
  await expect(page.locator('main, [role="dialog"]').first()).toBeVisible();
  await expect(page.locator(LOADING), `${path} still loading`).toHaveCount(0, { timeout: 20_000 });
  // Let the screen's last layout land (fonts, lists that fill in).
  await settled(page);
  for (const s of await page.evaluate(smallTargets, false)) found.push(`${path} · WCAG: ${s}`);
  for (const s of await page.evaluate(smallTargets, true)) found.push(`${path} · ${s}`);
  if (await page.evaluate('typeof window.axe === "undefined"')) await page.evaluate(axe.source);
  const { violations } = (await page.evaluate(
    'axe.run(document, { runOnly: { type: "rule", values: ["target-size"] }, resultTypes: ["violations"] })',
  )) as axe.AxeResults;
  for (const v of violations)
    for (const n of v.nodes) found.push(`${path} · axe ${v.id}: ${n.target.join(' ')}`);
}

test('phone: every control on the main screens is a 24×24 target or spaced as one', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(MOBILE);
  const found: string[] = [];
  for (const path of PUBLIC) await check(page, path, found);
  await signIn(page, 'targets@example.com', 20_000);
  for (const path of PRIVATE) await check(page, path, found);
  expect(found, found.join('\n')).toEqual([]);
});
