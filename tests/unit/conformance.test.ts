/**
 * The conformance table (docs/conformance.md) stays honest: every test it
 * names still exists (the file is there and holds the title as a quoted
 * string: a `describe`/`test`/`it` title or a path spec's name, written as in
 * the source), every status is one of the four, and a rule marked `works`
 * names at least one test. Prints the count per status.
 *
 * It also pins the catalogue rows of the table: every code of both specs'
 * error catalogues and every notification alarm type has an English text
 * (the locales test then holds every other language to the same keys).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRows } from '../support/conformance-table.ts';

const STATUSES = ['works', 'partial', 'open', 'not shown in the spec'] as const;
type Status = (typeof STATUSES)[number];

const sources = new Map<string, string | undefined>();
function source(path: string): string | undefined {
  if (!sources.has(path)) {
    const text = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    // Titles are cited as they read: undo the source's escaped quotes.
    sources.set(path, text?.replace(/\\(['"`])/g, '$1'));
  }
  return sources.get(path);
}

/** Why a reference `path::title` does not name a real test, or undefined when it does. */
function brokenRef(ref: string): string | undefined {
  const at = ref.indexOf('::');
  const path = ref.slice(0, at);
  const title = ref.slice(at + 2);
  if (!/^tests\/(unit|flows|e2e)\/.+\.ts$/.test(path))
    return `${path} is not under tests/unit, tests/flows or tests/e2e`;
  const text = source(path);
  if (text === undefined) return `${path} does not exist`;
  const quoted = ["'", '"', '`'].some((q) => text.includes(`${q}${title}${q}`));
  return quoted ? undefined : `${path} has no test titled "${title}"`;
}

const table = readFileSync('docs/conformance.md', 'utf8');
const rows = readRows(table);

describe('conformance table (docs/conformance.md)', () => {
  it('has rules for both specs, each id once', () => {
    expect(rows.filter((r) => r.id.startsWith('T-')).length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.id.startsWith('U-')).length).toBeGreaterThan(100);
    const seen = new Set<string>();
    const twice = rows.filter((r) => (seen.has(r.id) ? true : (seen.add(r.id), false)));
    expect(twice.map((r) => `${r.id} (line ${r.line})`)).toEqual([]);
    expect(rows.filter((r) => !/^[TU]-\d+\.\d+$/.test(r.id)).map((r) => r.id)).toEqual([]);
  });

  it('uses only the four statuses, and names a test for every rule that works', () => {
    const unknown = rows.filter((r) => !STATUSES.includes(r.status as Status));
    expect(unknown.map((r) => `${r.id}: "${r.status}"`)).toEqual([]);
    const unpinned = rows.filter((r) => r.status === 'works' && r.refs.length === 0);
    expect(unpinned.map((r) => r.id)).toEqual([]);
    const counts = Object.fromEntries(
      STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length]),
    );
    console.log(`conformance: ${rows.length} rules`, counts);
  });

  it('names only tests that exist', () => {
    const broken = rows.flatMap((r) =>
      r.refs.flatMap((ref) => {
        const why = brokenRef(ref);
        return why ? [`${r.id}: ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('the checker refuses a missing file, a missing title and a title that is not quoted', () => {
    expect(brokenRef('tests/unit/no-such.test.ts::x')).toMatch(/does not exist/);
    expect(brokenRef('tests/unit/conformance.test.ts::no test has this title')).toMatch(
      /has no test/,
    );
    // Present in this file, but never as a whole quoted title.
    expect(brokenRef('tests/unit/conformance.test.ts::names only tests')).toMatch(/has no test/);
    expect(brokenRef('src/main.tsx::x')).toMatch(/not under/);
    expect(
      brokenRef('tests/unit/conformance.test.ts::names only tests that exist'),
    ).toBeUndefined();
    const md = [
      '| id | § | rule | status | test | note |',
      '|---|---|---|---|---|---|',
      '| T-1.1 | §1 | a rule | works | `a.ts::b` `c.ts::d` | |',
      '',
      '| rule | spec | what |',
      '|---|---|---|',
      '| T-1.1 | §1 | a reference to the rule, not a rule |',
    ].join('\n');
    expect(readRows(md)).toEqual([
      { id: 'T-1.1', status: 'works', refs: ['a.ts::b', 'c.ts::d'], line: 3 },
    ]);
  });
});

/** trading.md §8 and user-centre.md §8, every numbered code (312–315 spelled out). */
const CODES = [
  201, 202, 203, 204, 205, 206, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313,
  314, 315, 320, 321, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 501, 502, 601, 602, 603,
  604, 605, 606, 607, 701, 1000, 1001, 1002, 1003, 1004, 1008, 1012, 1013, 1014, 1016, 1017, 1018,
  1019, 1020, 1030, 1031, 1032, 1033, 1036, 1037, 1038, 1039, 1040, 1041, 1042, 1043, 1044, 1045,
  1046, 1047, 1048, 1049, 1050, 1051, 1052, 1053, 1054, 1055, 1056, 1057, 1058, 1059, 1060, 1061,
  1062, 1063, 1064, 1065, 1066, 1067, 1068, 1069, 1070, 1071, 1072, 1073, 1074, 1075, 1085, 1086,
  1087, 1107, 1108, 1109, 1110, 1111, 1149, 1150, 1151, 1156, 1157, 1158, 1159, 23519, 23523, 23552,
  23553, 23554, 23555, 23556, 23557, 23558,
];
const ALARMS = [629005, 629006, 629007, 629012, 629021];

describe('error catalogue texts', () => {
  type Tree = { [k: string]: string | Tree };
  const en = JSON.parse(readFileSync('src/i18n/locales/en.json', 'utf8')) as Tree;
  const text = (group: string, key: number) => (en[group] as Tree | undefined)?.[String(key)];

  it('every code of both error catalogues has an English message', () => {
    expect(CODES.filter((c) => typeof text('code', c) !== 'string' || !text('code', c))).toEqual(
      [],
    );
  });

  it('every notification alarm type has an English title', () => {
    expect(ALARMS.filter((a) => typeof text('alarm', a) !== 'string')).toEqual([]);
  });
});
