/**
 * Right to left (issue 28 item 3): the app's style sheets and inline styles
 * place things by the reading direction (margin-inline-start, inset-inline-end,
 * text-align: start…), never by left and right, so an Arabic page mirrors by
 * itself. What must stay left to right says so with `direction: ltr` (the
 * chart, the loan scale), and a centred box may use `left: 50%` with its
 * translate (the same either way).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });

const PHYSICAL = [
  /\b(margin|padding|border)-(left|right)\b/,
  /\bborder-(top|bottom)-(left|right)-radius\b/,
  /(^|[\s;{])(left|right)\s*:/,
  /text-align\s*:\s*(left|right)\b/,
  /float\s*:\s*(left|right)\b/,
];
/** Centred boxes: `left: 50%` with a -50% translate lands in the middle in both directions. */
const CENTRED = /(^|[\s;{])left\s*:\s*50%/;

describe('logical CSS', () => {
  const sheets = walk('src').filter((f) => f.endsWith('.css'));

  it('finds the style sheets', () => {
    expect(sheets.length).toBeGreaterThan(20);
  });

  it('no style sheet places by left or right', () => {
    const found: string[] = [];
    for (const f of sheets)
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/\/\*.*?\*\//g, '');
          if (CENTRED.test(code)) return;
          if (PHYSICAL.some((re) => re.test(code))) found.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    expect(found).toEqual([]);
  });

  it('no inline style places by left or right, except the loan scale (left to right)', () => {
    const found: string[] = [];
    for (const f of walk('src').filter((x) => x.endsWith('.tsx')))
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (
            /style=\{\{[^}]*\b(left|right|marginLeft|marginRight|paddingLeft|paddingRight)\s*:/.test(
              line,
            )
          )
            found.push(`${f}:${i + 1}`);
        });
    expect(found).toEqual(['src/ui/flows/loan/slider.tsx:62']);
  });
});
