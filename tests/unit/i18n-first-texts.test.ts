/**
 * English in two parts (src/i18n/first-texts.ts): the cut loses and doubles
 * nothing; every text the first route's own modules translate is in the first
 * part (or the home screen would show a key until the rest loads); and the
 * rest reaches the app's i18n when `allTexts` resolves.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_TEXTS, splitTexts, type Texts } from '../../src/i18n/first-texts.ts';
import { allTexts, createI18n } from '../../src/i18n/index.ts';

const en = JSON.parse(readFileSync('src/i18n/locales/en.json', 'utf8')) as Texts;
const { first, rest } = splitTexts(en, FIRST_TEXTS);

const leaves = (t: Texts, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`),
  );
const at = (t: Texts, key: string): unknown =>
  key.split('.').reduce<unknown>((v, k) => (v as Texts | undefined)?.[k], t);

/**
 * The modules the first route evaluates (main.tsx and ui/root.tsx) and the chart screen
 * (which shows without the rest: ui/router.tsx), with their static imports.
 */
function firstRouteModules(): string[] {
  const seen = new Set<string>();
  const todo = ['src/main.tsx', 'src/ui/root.tsx', 'src/ui/screens/chart.tsx'];
  for (let f = todo.pop(); f !== undefined && seen.size < 2000; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(
      /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.[^'"]+\.tsx?)['"]/gm,
    )) {
      const p = path.normalize(path.join(path.dirname(f), m[1] as string));
      if (existsSync(p)) todo.push(p);
    }
  }
  return [...seen];
}

describe('English in two parts', () => {
  it('cuts every text into exactly one part, nothing else', () => {
    const a = leaves(first);
    const b = leaves(rest);
    expect(new Set([...a, ...b]).size).toBe(a.length + b.length);
    expect([...a, ...b].sort()).toEqual(leaves(en).sort());
    for (const k of a) expect(at(first, k)).toBe(at(en, k));
    // The first part is the small one: the point of the cut.
    expect(JSON.stringify(first).length).toBeLessThan(JSON.stringify(en).length / 3);
  });

  it("has in its first part every text the first route's and the chart screen's modules translate", () => {
    const modules = firstRouteModules();
    // The walk reaches the home screen, the shell, the client and Buy / Sell (a broken walk proves nothing).
    for (const m of [
      'src/ui/screens/home.tsx',
      'src/ui/shell/bottom-tabs.tsx',
      'src/api/client.ts',
      'src/ui/trade/trade-buttons.tsx',
    ])
      expect(modules).toContain(m);
    const missing: string[] = [];
    for (const f of modules) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g))
        if (typeof at(first, m[1] as string) !== 'string') missing.push(`${m[1]} (${f})`);
      // `t(up ? 'order.buy' : 'order.sell')`: both texts.
      for (const m of src.matchAll(
        /\bt\([^'`()]*\?\s*'([A-Za-z0-9_.]+)'\s*:\s*'([A-Za-z0-9_.]+)'/g,
      ))
        for (const key of [m[1], m[2]] as string[])
          if (typeof at(first, key) !== 'string') missing.push(`${key} (${f})`);
      // `code.${code}`, `home.banner_${id}`: the group before the variable part is there whole.
      for (const m of src.matchAll(/\bt\(\s*`([A-Za-z0-9_.]+)\$\{/g)) {
        const group = (m[1] as string).replace(/\.[^.]*$/, '');
        if (at(first, group) === undefined || at(rest, group) !== undefined)
          missing.push(`${m[1]}… (${f})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('reaches an i18n instance made before it when allTexts resolves', async () => {
    const inst = await createI18n('en');
    const later = leaves(rest)[0] as string;
    expect(inst.exists('home.title')).toBe(true);
    expect(inst.exists(later)).toBe(false);
    await allTexts();
    expect(inst.t(later)).toBe(at(en, later));
    // One made afterwards has everything at once.
    expect((await createI18n('ja')).fixedT('en')(later)).toBe(at(en, later));
  });
});
