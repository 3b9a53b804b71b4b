/**
 * Issue 27 item 7: a tester follows a QA plan that says “Delay (ms)” = 3000;
 * a console box named only for screen readers (aria-label) cannot be found
 * by those words. Every input, select and textarea of the console shows its
 * name: it sits in a <label> (or ConsoleField), never named by aria-label.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The opening tags of form controls in a JSX source, with the line each starts on. */
export function controlTags(source: string): Array<{ line: number; tag: string }> {
  const out: Array<{ line: number; tag: string }> = [];
  const re = /<(input|select|textarea)\b/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    let depth = 0;
    let i = m.index + m[0].length;
    for (; i < source.length; i++) {
      const c = source[i];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) break;
    }
    out.push({
      line: source.slice(0, m.index).split('\n').length,
      tag: source.slice(m.index, i + 1),
    });
  }
  return out;
}

const unnamedOnScreen = (source: string): number[] =>
  controlTags(source)
    .filter(({ tag }) => /\baria-label(ledby)?=/.test(tag) && !/type="(checkbox|radio)"/.test(tag))
    .map(({ line }) => line);

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? files(p) : /\.tsx$/.test(d.name) ? [p] : [];
  });

describe('console controls', () => {
  it('each shows its name on screen, not only to screen readers', () => {
    const found = files('src/ui/console').flatMap((f) =>
      unnamedOnScreen(readFileSync(f, 'utf8')).map((n) => `${f}:${n}`),
    );
    expect(found).toEqual([]);
  });

  it('finds a control named by aria-label across lines and arrow functions', () => {
    const src = `<div>\n  <input\n    onChange={(e) => set(e.target.value)}\n    aria-label={t('x')}\n  />\n  <label><span>A</span><select value={v}>`;
    expect(unnamedOnScreen(src)).toEqual([2]);
    expect(controlTags(src).map((c) => c.line)).toEqual([2, 6]);
  });
});
