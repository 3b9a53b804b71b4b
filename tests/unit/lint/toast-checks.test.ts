/**
 * A toast lasts 1.5 s (trading.md: "Toast duration: 1500 ms"). Polled with
 * `toBeVisible`, one can come and go between two polls on a loaded machine:
 * that is how "Update successful" and "Sign up successful" were missed in
 * clean-clone runs (issue 23, item 5). Browser tests check a toast with
 * `expect(page).toHaveShownToast(text)` (tests/e2e/fixtures.ts), which the
 * page notes as it appears. This test finds a toast's text polled with
 * `toBeVisible` in any e2e file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (p: string) => readFileSync(path.join(ROOT, p), 'utf8');

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return files(p, ext);
    return ext.test(d.name) ? [p] : [];
  });
}

const en = JSON.parse(read('src/i18n/locales/en.json')) as Record<string, unknown>;
const textOf = (key: string): string | undefined => {
  let v: unknown = en;
  for (const part of key.split('.')) v = (v as Record<string, unknown> | undefined)?.[part];
  return typeof v === 'string' ? v : undefined;
};

/** Keys the app raises as toasts, and keys it also writes on a page (those are left out). */
function toastKeys(): { toasts: Set<string>; onPage: Set<string> } {
  const toasts = new Set<string>();
  const onPage = new Set<string>();
  const raised = [
    /\b(?:say|noticeEvent|showFigureToast)\(\s*'([^']+)'/g,
    /\bshowToast\(\s*t\('([^']+)'/g,
    /\buseAvailableOr\([^,]+,\s*'([^']+)'/g,
  ];
  for (const f of files('src', /\.tsx?$/)) {
    const src = read(f);
    for (const re of raised) for (const m of src.matchAll(re)) toasts.add(m[1] as string);
    // A key written as page text ({t('key')} in JSX) is not a toast-only text.
    for (const m of src.matchAll(/\{t\('([^']+)'\)\}/g)) onPage.add(m[1] as string);
  }
  return { toasts, onPage };
}

/** `file:line` of each toast text polled with toBeVisible. */
export function polledToasts(src: string, texts: readonly string[], file = ''): string[] {
  const out: string[] = [];
  const re = /expect\(\s*([^;]*?)\)\s*\.toBeVisible\(/gs;
  for (const m of src.matchAll(re)) {
    const subject = m[1] ?? '';
    // A reply code's message is a toast too (src/api/client.ts: "… (code N)").
    const coded = /\(code |\\\(code /.test(subject) ? '(code N)' : undefined;
    const hit =
      texts.find((t) => subject.includes(`'${t}'`) || subject.includes(`"${t}"`)) ?? coded;
    if (hit) out.push(`${file}:${src.slice(0, m.index).split('\n').length} ${hit}`);
  }
  return out;
}

describe('toasts are checked as the page shows them, not polled', () => {
  const { toasts, onPage } = toastKeys();
  const texts = [...toasts]
    .filter((k) => !onPage.has(k))
    .map(textOf)
    .filter((t): t is string => !!t && t.length >= 6);

  it('finds the toasts the app raises, and the scan sees a polled one', () => {
    expect(texts).toContain('Update successful');
    expect(texts).toContain('Sign up successful');
    expect(
      polledToasts("await expect(page.getByText('Update successful')).toBeVisible();", texts),
    ).toHaveLength(1);
    expect(
      polledToasts(
        "await expect(\n  page.getByRole('status').getByText('Update successful'),\n).toBeVisible();",
        texts,
      ),
    ).toHaveLength(1);
    expect(
      polledToasts('await expect(page.getByText(/\\(code 701\\)/)).toBeVisible();', texts),
    ).toHaveLength(1);
    expect(
      polledToasts("await expect(page).toHaveShownToast('Update successful');", texts),
    ).toEqual([]);
  });

  it('no e2e file polls a toast with toBeVisible', () => {
    const found = files('tests/e2e', /\.ts$/).flatMap((f) => polledToasts(read(f), texts, f));
    expect(found).toEqual([]);
  });
});
