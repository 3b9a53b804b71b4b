/**
 * Machine notices reach the screen one way: the machine emits a `notice`
 * event (src/machines/notice.ts) and the view's useNotices(actor) toasts it.
 * No view under src/ui reads `.notice` from a machine's context or raises a
 * toast from an effect that watches state or tags (issue 26, item 2).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../src/ui');

/** Toasts from an effect that are not a machine's notice, each with its reason. */
const ALLOWED = new Map([
  ['hooks/use-notices.ts', 'the one place machine notices become toasts'],
  ['hooks/use-available.ts', 'a screen not offered here: it starts no flow, so no machine speaks'],
  [
    'trade/open-trade.ts',
    "a chart line's trade gone by the time its list loads: a lookup in the lists, no machine's",
  ],
  [
    'router.tsx',
    'route guards (machines/routes.ts) are a pure function of the route, not a machine',
  ],
]);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return files(p);
    return /\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** The source of each `useEffect(...)` call (brackets matched; strings are not special-cased). */
export function effectBodies(src: string): string[] {
  const out: string[] = [];
  for (let at = src.indexOf('useEffect('); at >= 0; at = src.indexOf('useEffect(', at + 1)) {
    let depth = 0;
    let i = at + 'useEffect'.length;
    for (; i < src.length; i++) {
      if (src[i] === '(') depth++;
      else if (src[i] === ')' && --depth === 0) break;
    }
    out.push(src.slice(at, i + 1));
  }
  return out;
}

/** What the file does against the rule, if anything. */
export function breaches(src: string): string[] {
  const found: string[] = [];
  if (/\.notice\b/.test(src)) found.push('reads .notice');
  // Either toast call: a plain message or one with figures (state/toasts.ts).
  if (effectBodies(src).some((b) => /\bshow(?:Figure)?Toast\s*\(/.test(b)))
    found.push('showToast in useEffect');
  return found;
}

describe('notices leave machines as events', () => {
  const all = files(ROOT).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));

  it('the scan finds the patterns it guards against', () => {
    expect(breaches('const c = state.context;\nuseNotice(c.notice);')).toEqual(['reads .notice']);
    expect(
      breaches(
        "useEffect(() => {\n  if (done) showToast(t('x'), 'success', TOAST_MS);\n}, [done]);",
      ),
    ).toEqual(['showToast in useEffect']);
    expect(breaches("const go = () => showToast(t('x'), 'info', TOAST_MS);")).toEqual([]);
    expect(
      breaches("useEffect(() => {\n  if (done) showFigureToast('k', {}, 'info', 1);\n}, [done]);"),
    ).toEqual(['showToast in useEffect']);
    expect(breaches('useNotices(actor);')).toEqual([]);
  });

  it.each(all.filter((f) => !ALLOWED.has(f)))('%s toasts notices through useNotices only', (f) => {
    expect(breaches(readFileSync(path.join(ROOT, f), 'utf8'))).toEqual([]);
  });

  it.each([...ALLOWED.keys()])('%s is an allowed exception that still needs to be', (f) => {
    expect(all).toContain(f);
    expect(breaches(readFileSync(path.join(ROOT, f), 'utf8'))).not.toEqual([]);
  });
});
