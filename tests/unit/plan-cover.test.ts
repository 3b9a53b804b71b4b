/** The QA plans' path choice (greedy set cover) and their CSV. */
import { describe, expect, it } from 'vitest';
import { generatePaths, type PathSpec } from '../paths/framework.ts';
import { chooseCover } from '../paths/plan/cover.ts';
import { csvField, parseCsv, toCsv } from '../paths/plan/csv.ts';
import { CSV_COLUMNS } from '../paths/plan/render.ts';
import { renderPlan } from '../paths/plan/render.ts';
import { WORDS } from '../paths/words/index.ts';
import { specs } from '../flows/withdraw/paths.ts';
import { specs as loanSpecs } from '../flows/loan/paths.ts';
import { uiPaths } from '../e2e/paths/choose.ts';

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

  it('covers with paths a person can follow first; automated-only paths only for the rest', () => {
    const paths = [
      { covers: ['a', 'b', 'c'], length: 3, manual: false },
      { covers: ['a', 'b'], length: 2 },
      { covers: ['c'], length: 1 },
      { covers: ['c', 'd'], length: 2, manual: false },
    ];
    // Plain greedy takes 0 then 3; a person could follow neither to the end.
    expect(chooseCover(paths.map(({ covers, length }) => ({ covers, length })))).toEqual([0, 3]);
    expect(chooseCover(paths)).toEqual([1, 2, 3]);
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

describe('QA plans a person follows', () => {
  const automated = /automated run only|自動テストのみ/i;
  const cases: Array<[string, PathSpec[]]> = [
    ['withdraw', specs],
    ['loan', loanSpecs],
  ];
  for (const [id, machineSpecs] of cases)
    for (const lang of ['en', 'ja'])
      it(`${id} (${lang}): no automated-only step on a path meant for a person`, () => {
        const { all } = uiPaths(machineSpecs);
        const plan = renderPlan(machineSpecs[0]!.machine, WORDS[id], all, lang);
        const paths = plan.md.slice(plan.md.indexOf(lang === 'ja' ? '## パス' : '## Paths'));
        const [manual = '', auto = ''] = paths.split(/^## (?:Automated run only|自動テストのみ)$/m);
        expect(manual).not.toMatch(automated);
        // What a person cannot arrange still has its path, apart.
        if (id === 'loan') expect(auto).toMatch(automated);
        const rows = parseCsv(plan.csv);
        for (const row of rows.slice(1))
          if (row[7] !== 'yes') expect(row.join(' ')).not.toMatch(automated);
        // The CSV a test-management tool imports: a BOM for Excel, the columns it maps,
        // each case's fields on its first step, and the automated-only paths flagged.
        expect(plan.csv.startsWith('\uFEFF')).toBe(true);
        expect(rows[0]).toEqual([...CSV_COLUMNS]);
        const firsts = rows.slice(1).filter((r) => r[4] === '1');
        expect(firsts.length).toBe(plan.chosen);
        expect(new Set(firsts.map((r) => r[0])).size).toBe(plan.chosen);
        for (const r of firsts) {
          expect(r[0]).toMatch(new RegExp(`^${id}-\\d{2}$`));
          expect(r[1]).not.toBe('');
          expect(r[2]).toMatch(/^(High|Medium)$/);
          expect(r[3]).toMatch(
            lang === 'ja' ? /新しいブラウザープロファイル/ : /fresh browser profile/,
          );
          // The title is the plan's heading for that path, without its number.
          expect(plan.md).toContain(`. ${r[1]}\n`);
        }
        // A plan's cover has paths no other can stand in for, and, here, paths that share all theirs.
        expect(firsts.some((r) => r[2] === 'High')).toBe(true);
        for (const r of rows.slice(1).filter((x) => x[4] !== '1'))
          expect(r.slice(1, 4)).toEqual(['', '', '']);
        expect(firsts.some((r) => r[7] === 'yes')).toBe(auto !== '');
        // Every transition the generated paths visit is still in the plan.
        const seen = new Set(all.flatMap((p) => p.transitions.flat()));
        expect(plan.md).toContain(
          lang === 'ja' ? `遷移（${seen.size}）` : `go through ${seen.size} transitions`,
        );
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
