/**
 * Conditional checks of the path specs (issue 26 item 5; scripts/path-conditions.mjs):
 * a branch that asserts starts with `reached('label')`, so `npm run test:paths`
 * can fail on one that no path ran. Here: no spec has an unlabelled
 * asserting branch, and labels are literal and unique.
 */
import { describe, expect, it } from 'vitest';
import { pathSpecFiles, scanConditions } from '../../../scripts/path-conditions.mjs';

const files = pathSpecFiles();

describe('path specs: conditional checks', () => {
  it('finds the spec modules', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files)('%s: every asserting branch is labelled with reached()', (_, file) => {
    const { bare, dynamic } = scanConditions(file);
    expect(bare.map((b) => `${file}:${b.line} if ${b.when}`)).toEqual([]);
    expect(dynamic.map((d) => `${file}:${d.line} reached() takes a string literal`)).toEqual([]);
  });

  it('labels are unique over every spec (counts are merged by label)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [, file] of files)
      for (const { label, line } of scanConditions(file).labels) {
        const at = `${file}:${line}`;
        if (seen.has(label)) twice.push(`${label} (${seen.get(label)} and ${at})`);
        else seen.set(label, at);
      }
    expect(twice).toEqual([]);
  });

  it('flags a bare if, an else and a dynamic label; accepts labelled branches', () => {
    const scan = (code: string) => scanConditions('sample.ts', code);
    expect(scan(`if (x.failure === 1) expect(x.a).toBe(1);`).bare).toMatchObject([
      { line: 1, when: 'x.failure === 1' },
    ]);
    expect(
      scan(`if (a) { reached('a'); expect(1).toBe(1); } else { expect(2).toBe(2); }`).bare,
    ).toMatchObject([{ when: 'not (a)' }]);
    expect(scan(`if (a) { expect.soft(1).toBe(1); }`).bare).toHaveLength(1);
    expect(scan(`if (a) { reached(name); expect(1).toBe(1); }`).dynamic).toHaveLength(1);
    const ok = scan(
      `if (a) { reached('a'); expect(1).toBe(1); } else if (b) { reached('b'); expect(2).toBe(2); }\n` +
        `if (c) return; // no assertion: nothing to count`,
    );
    expect(ok.bare).toEqual([]);
    expect(ok.labels.map((l) => l.label)).toEqual(['a', 'b']);
  });
});
