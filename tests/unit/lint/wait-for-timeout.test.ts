/**
 * Issue 26 item 5: tests wait for a condition or move the page's clock, never
 * sleep. A `waitForTimeout` is allowed only where a real delay is the thing
 * tested, and says so with `// real delay: <why>` on its line or the line
 * above.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MARK = /\/\/ real delay: \S/;

/** Calls of waitForTimeout in a source without the comment on the line or the line above. */
function unexplainedWaits(source: string): number[] {
  const lines = source.split('\n');
  return lines.flatMap((line, i) =>
    /\bwaitForTimeout\s*\(/.test(line) && !MARK.test(line) && !MARK.test(lines[i - 1] ?? '')
      ? [i + 1]
      : [],
  );
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory())
      return d.name === 'node_modules' || d.name.startsWith('.') ? [] : sources(p);
    return /\.(ts|tsx|js|mjs)$/.test(d.name) ? [p] : [];
  });

describe('waitForTimeout under tests/', () => {
  it('each says why a real delay is the thing tested', () => {
    const self = path.normalize('tests/unit/lint/wait-for-timeout.test.ts');
    const found = sources('tests')
      .filter((f) => f !== self)
      .flatMap((f) => unexplainedWaits(readFileSync(f, 'utf8')).map((n) => `${f}:${n}`));
    expect(found).toEqual([]);
  });

  it('tells a bare wait from an explained one', () => {
    expect(unexplainedWaits('await page.waitForTimeout(600);')).toEqual([1]);
    expect(
      unexplainedWaits(
        '// real delay: the countdown against the wall clock\nawait page.waitForTimeout(6000);',
      ),
    ).toEqual([]);
    expect(unexplainedWaits('await page.waitForTimeout(300); // real delay: a flash')).toEqual([]);
    // The comment two lines up does not count, nor one without a reason.
    expect(unexplainedWaits('// real delay: x\n\nawait page.waitForTimeout(1);')).toEqual([3]);
    expect(unexplainedWaits('// real delay:\nawait page.waitForTimeout(1);')).toEqual([2]);
  });
});
