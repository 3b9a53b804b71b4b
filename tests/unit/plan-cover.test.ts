/** The QA plans' path choice (greedy set cover) and their CSV. */
import { describe, expect, it } from 'vitest';
import { generatePaths } from '../paths/framework.ts';
import { chooseCover } from '../paths/plan/cover.ts';
import { csvField, parseCsv, toCsv } from '../paths/plan/csv.ts';
import { specs } from '../paths/specs/withdraw.paths.ts';

describe('chooseCover', () => {
  it('keeps what every path covers with fewer paths', () => {
    const paths = [
      { covers: ['a', 'b'], length: 2 },
      { covers: ['a', 'b', 'c'], length: 3 },
      { covers: ['d'], length: 1 },
      { covers: ['c', 'd'], length: 4 },
    ];
    expect(chooseCover(paths)).toEqual([1, 2]);
  });

  it('prefers the shorter path on a tie', () => {
    expect(
      chooseCover([
        { covers: ['a'], length: 5 },
        { covers: ['a'], length: 2 },
      ]),
    ).toEqual([1]);
  });

  it('covers every transition of the generated withdraw paths with far fewer of them', () => {
    for (const spec of specs) {
      const paths = generatePaths(spec, spec.input);
      // Each step's transition: from the state value before, by the event type, to the one after.
      const v = (x: unknown) => JSON.stringify(x);
      const edges = paths.map((p) =>
        p.steps.map(
          (s, i) => `${i ? v(p.steps[i - 1]?.value) : 'start'}|${s.event.type}|${v(s.value)}`,
        ),
      );
      const chosen = chooseCover(
        edges.map((covers, i) => ({ covers, length: paths[i]!.steps.length })),
      );
      const all = new Set(edges.flat());
      const got = new Set(chosen.flatMap((i) => edges[i] ?? []));
      expect(got).toEqual(all);
      expect(chosen.length).toBeLessThan(paths.length / 3);
    }
  });
});

describe('CSV', () => {
  it('quotes only what needs it', () => {
    expect(csvField('Press “Submit”')).toBe('Press “Submit”');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(toCsv([['a', 'b']])).toBe('a,b\r\n');
  });

  it('round-trips commas, quotes and line breaks', () => {
    const rows = [
      ['plan', 'path', 'step', 'action', 'expected result'],
      [
        'withdraw',
        '1. Locked, "in review"',
        '1',
        'Type "5,000"\nthen wait',
        'line one\r\nline two',
      ],
      ['', '', '', ',', '"'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });
});
