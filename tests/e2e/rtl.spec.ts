/**
 * Arabic, right to left (issue 28 item 3), on phone and desktop: each main
 * screen (home, chart, order form, positions, wallet, deposit, sign-in) is
 * laid out right to left, overflows nothing sideways, shows no English the
 * app should have translated, keeps prices left to right, and has no serious
 * or critical axe violation. Screenshots of each go to test-results/screens.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP } from './fixtures.ts';
import { go, signIn } from './sim.ts';
import { audit } from './screen-audit.ts';
import { texts } from '../support/i18n.ts';

/**
 * English the app shows that Arabic translates: each English text's longest
 * piece between placeholders, where it has two words or more and Arabic's
 * text differs (a single word may also be a product's or a person's name).
 */
const ENGLISH = (() => {
  const ar = texts('ar');
  const out = new Set<string>();
  for (const [k, en] of texts('en')) {
    if (ar.get(k) === en || k.startsWith('console.')) continue;
    const piece = en
      .split(/\{\{[^}]+\}\}/)
      .map((s) => s.trim().replace(/[.:,;!?…]+$/, ''))
      .sort((a, b) => b.length - a.length)[0];
    if (piece && /^[A-Za-z][A-Za-z' -]*[A-Za-z]$/.test(piece) && piece.split(' ').length >= 2)
      out.add(piece);
  }
  return [...out];
})();

/**
 * English single words the app shows that Arabic translates ("Buy", "Close",
 * "Deposit"): found where they make up an element's whole text or a
 * control's whole name, since a lone word inside a sentence may be a name.
 */
const ENGLISH_WORDS = (() => {
  const ar = texts('ar');
  const out = new Set<string>();
  for (const [k, en] of texts('en'))
    if (ar.get(k) !== en && !k.startsWith('console.') && /^[A-Za-z][a-z]+$/.test(en.trim()))
      out.add(en.trim());
  return out;
})();

const PUBLIC = ['/', '/chart/BTCUSDT', '/login'];
const PRIVATE = ['/BTCUSDT/place?direction=0', '/position', '/user/myWallet', '/user/deposit'];

/** What a screen shows in English that it should not, and whether it spills sideways. */
async function rtlFaults(page: Page, path: string): Promise<string[]> {
  const faults: string[] = [];
  const { dir, lang, wide, text, pieces } = await page.evaluate(() => {
    // The back office is the reviewers' tool, not the trader's screen.
    const roots = [...document.body.children].filter(
      (e) => !e.matches('.console-launcher, .console'),
    ) as HTMLElement[];
    // Whole texts of elements with no element inside, and controls' names.
    const pieces = roots.flatMap((r) =>
      [...r.querySelectorAll<HTMLElement>('*')].flatMap((e) => [
        ...(e instanceof HTMLElement && e.childElementCount === 0 && e.checkVisibility()
          ? [e.innerText.trim()]
          : []),
        ...['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a)?.trim() ?? ''),
      ]),
    );
    return {
      dir: document.documentElement.dir,
      lang: document.documentElement.lang,
      wide: document.documentElement.scrollWidth - window.innerWidth,
      text: roots.map((e) => e.innerText).join('\n'),
      pieces: [...new Set(pieces.filter(Boolean))],
    };
  });
  if (dir !== 'rtl' || lang !== 'ar') faults.push(`${path}: html dir=${dir} lang=${lang}`);
  if (wide > 1) faults.push(`${path}: ${wide} px wider than the screen`);
  for (const en of ENGLISH)
    if (new RegExp(`(^|[^A-Za-z])${en}($|[^A-Za-z])`).test(text))
      faults.push(`${path}: English "${en}"`);
  for (const piece of pieces)
    if (ENGLISH_WORDS.has(piece)) faults.push(`${path}: English word "${piece}"`);
  return faults;
}

for (const [label, size] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const)
  test(`${label}: in Arabic every main screen is right to left, translated, within the screen, and passes axe`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    // The language is the trader's saved choice, read when the app starts.
    const speak = async (lng: string) => {
      await page.evaluate((l) => {
        const prefs = JSON.parse(localStorage.getItem('preferences') ?? '{}') as object;
        localStorage.setItem('preferences', JSON.stringify({ ...prefs, language: l }));
      }, lng);
      await page.reload();
    };
    await page.goto('/');
    await speak('ar');
    expect(ENGLISH.length).toBeGreaterThan(300);
    expect(ENGLISH_WORDS.size).toBeGreaterThan(100);
    const found: string[] = [];
    const shot = `rtl-${label}`;
    for (const path of PUBLIC) {
      await audit(page, path, found, false, shot);
      found.push(...(await rtlFaults(page, path)));
    }
    expect(found, found.join('\n')).toEqual([]);
    // A change reads "+1.25%" left to right inside the right-to-left line: its sign before its
    // digits, its per cent sign after them.
    await go(page, '/');
    const pill = page.locator('.change-pill').first();
    await expect(pill).toHaveText(/^[+-]?\d+\.\d\d%$/);
    const order = await pill.evaluate((el) => {
      const num = el.querySelector('[data-num]')!;
      const range = document.createRange();
      range.selectNodeContents(el.lastChild!);
      return {
        num: num.getBoundingClientRect().right,
        percent: range.getBoundingClientRect().left,
      };
    });
    expect(order.percent).toBeGreaterThanOrEqual(order.num - 1);

    // Signed in in English (the test's words), then back to Arabic.
    await speak('en');
    await signIn(page, `rtl-${label}@example.com`, 20_000);
    await speak('ar');
    for (const path of PRIVATE) {
      await audit(page, path, found, false, `${shot}-signed-in`);
      found.push(...(await rtlFaults(page, path)));
    }
    expect(found, found.join('\n')).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
