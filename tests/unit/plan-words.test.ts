/**
 * The QA plans' words (tests/paths/words): every machine marked complete
 * names each of its event types, actor results, delays and states, read from
 * the machine definitions themselves; the others are listed as still to do.
 */
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { machineParts, missingNames, missingWords } from '../paths/plan/machine-parts.ts';
import { pathRows } from '../paths/plan/render.ts';
import { makeW } from '../paths/plan/words.ts';
import { COMPLETE, NAMED, WORDS } from '../paths/words/index.ts';

// A flow keeps its machine at <flow>/machine.ts (issue 26); a machine several
// flows use (captcha, countdown, infiniteList) at shared/<name>/machine.ts.
const modules = import.meta.glob(
  ['../../src/machines/*/machine.ts', '../../src/machines/shared/*/machine.ts'],
  { eager: true },
);
const machines = new Map<string, AnyStateMachine>();
for (const mod of Object.values(modules))
  for (const v of Object.values(mod as Record<string, unknown>))
    if (v && typeof v === 'object' && 'root' in v && 'id' in v)
      machines.set((v as AnyStateMachine).id, v as AnyStateMachine);

// Every path spec's name, by machine (each flow's paths.ts).
const specModules = import.meta.glob(['../flows/*/paths.ts'], {
  eager: true,
});
const specNames = new Map<string, string[]>();
for (const mod of Object.values(specModules))
  for (const v of Object.values(mod as Record<string, unknown>))
    if (Array.isArray(v))
      for (const x of v as Array<{ name?: unknown; machine?: { id?: unknown } }>)
        if (typeof x?.name === 'string' && typeof x.machine?.id === 'string' && WORDS[x.machine.id])
          specNames.set(x.machine.id, [...(specNames.get(x.machine.id) ?? []), x.name]);

describe('QA plan words', () => {
  it('finds every machine', () => {
    expect(machines.size).toBeGreaterThanOrEqual(27);
    for (const id of COMPLETE) expect(machines.has(id), id).toBe(true);
  });

  it('covers at least the machines the acceptance names', () => {
    expect(COMPLETE).toEqual(expect.arrayContaining(['withdraw', 'loan']));
  });

  for (const id of COMPLETE) {
    it(`names every event, actor result, delay and state of ${id}`, () => {
      const m = machines.get(id) as AnyStateMachine;
      expect(
        missingWords(m, WORDS[id] ?? { events: {}, actors: {}, delays: {}, states: {} }),
      ).toEqual([]);
    });
  }

  // A diagram's boxes and the paths' "Covers" lists name states briefly, in both languages.
  it('names the states of the machines the acceptance names', () => {
    expect(NAMED).toEqual(expect.arrayContaining(['withdraw', 'loan', 'login']));
  });
  for (const id of NAMED)
    it(`gives every state of ${id} a short name in English and Japanese`, () => {
      expect(missingNames(machines.get(id) as AnyStateMachine, WORDS[id]?.names)).toEqual([]);
    });
  for (const id of [...machines.keys()].filter((x) => !NAMED.includes(x)).sort())
    it.todo(
      `${id}: ${missingNames(machines.get(id) as AnyStateMachine, WORDS[id]?.names).length} state names still to write`,
    );

  it('finds a state without a short name', () => {
    const m = createMachine({ id: 'x', initial: 'a', states: { a: {}, b: {} } });
    expect(missingNames(m, { a: ['Start', '開始'], b: ['End', ''] })).toEqual(['name b']);
    expect(missingNames(m, { a: ['Start', 'Start'], b: ['End', '終了'] })).toEqual([
      'name a (ja is not Japanese)',
    ]);
  });

  // The rest are reported, not failed.
  for (const id of [...machines.keys()].filter((x) => !COMPLETE.includes(x)).sort()) {
    const m = machines.get(id) as AnyStateMachine;
    const missing = missingWords(
      m,
      WORDS[id] ?? { events: {}, actors: {}, delays: {}, states: {} },
    );
    it.todo(`${id}: ${missing.length} names still to write`);
  }

  it('reads the lists from the definition, so a new event, actor, delay or state shows', () => {
    const m = createMachine({
      id: 'x',
      initial: 'a',
      states: {
        a: {
          on: { 'x.go': 'b' },
          invoke: { id: 'load', src: 'load', onDone: 'b', onError: 'b' },
        },
        b: { after: { 1000: 'a' } },
      },
    });
    expect(machineParts(m).events).toEqual(['x.go']);
    expect(missingWords(m, { events: {}, actors: {}, delays: {}, states: {} })).toEqual([
      'event x.go',
      'actor load.done',
      'actor load.error',
      'delay 1000',
      'state a',
      'state b',
    ]);
  });

  it('quotes the app’s own texts in the plan’s language', () => {
    const words = WORDS.withdraw;
    const path = {
      spec: 'withdraw',
      start: 'checking',
      steps: [
        {
          event: { type: 'xstate.done.actor.checkStatus', output: { code: 1067 } },
          value: 'locked',
        },
      ],
      transitions: [[], []],
      states: ['checking', 'locked'],
    };
    const en = pathRows(words, makeW('en'), path);
    const ja = pathRows(words, makeW('ja'), path);
    expect(en[0]?.expected).toContain('“There are pending withdrawal requests for review”');
    expect(ja[0]?.expected).toContain('「審査待ちの出金申請があります」');
    expect(ja[0]?.action).toContain('事前に');
    // Other languages: English sentences around the app's texts in that language.
    const de = pathRows(words, makeW('de'), path);
    expect(de[0]?.action).toMatch(/^Before you start/);
    expect(de[0]?.expected).not.toContain('There are pending withdrawal requests');
  });

  // Every set-up renders in both languages: a flag or text it names that the app does not have
  // throws here (flagState), not in front of a tester (issue 27).
  for (const [id, names] of specNames)
    for (const lang of ['en', 'ja'])
      it(`${id} (${lang}): every spec's set-up renders`, () => {
        const w = makeW(lang);
        for (const name of names) expect(WORDS[id]?.before(w, name).length ?? 0).toBeGreaterThan(0);
      });

  it('reloads the page after the set-up changes flags (the app reads them when it loads)', () => {
    for (const [id, spec] of [
      ['captcha', 'captcha'],
      ['register', 'register (site options)'],
    ] as const) {
      for (const lang of ['en', 'ja']) {
        const w = makeW(lang);
        const lines = WORDS[id]!.before(w, spec);
        const flagsTab = w.q('console.tab_flags');
        const last = lines.findLastIndex((l) => l.includes(flagsTab));
        expect(last, `${id} ${lang}`).toBeGreaterThanOrEqual(0);
        expect(lines[last + 1]).toMatch(/^(Reload the page|ページを再読み込みする)/);
      }
    }
  });

  it('a path started from the console Paths tab reloads, then signs in as the set-up’s user', () => {
    for (const [id, spec, who] of [
      ['withdraw', 'withdraw (no saved wallets)', 'payout@example.com'],
      ['loan', 'loan (review)', 'lea@example.com'],
      ['loan', 'loan (phone)', '4155552671'],
    ] as const) {
      for (const lang of ['en', 'ja']) {
        const w = makeW(lang);
        const lines = WORDS[id]!.before(w, spec);
        const start = lines.findIndex((l) => l.includes(w.q('console.setupStart')));
        const reload = lines.findIndex((l) => l.includes(w.q('console.setupReload')));
        expect(start, `${spec} ${lang}`).toBeGreaterThanOrEqual(0);
        expect(lines[start]).toContain(w.q('console.tab_paths'));
        expect(reload).toBeGreaterThan(start);
        expect(lines[reload + 1]).toContain(who);
        // Nothing of the old hand-made set-up is left: no registering, no flags ticked by hand.
        expect(lines.join(' ')).not.toContain(w.q('console.tab_flags'));
      }
    }
  });

  it('approves the repayment in review before the records read after a failed one', () => {
    const records = (code: number, status?: number) => ({
      type: 'xstate.done.actor.loadRecords',
      output: { code, data: status === undefined ? null : { dtoList: [{ amount: 100, status }] } },
    });
    const path = {
      spec: 'loan (active)',
      start: '{"active":"loadingRecords"}',
      steps: [
        { event: records(0, 0), value: '{"active":"waiting"}' },
        { event: { type: 'records.refresh' }, value: '{"active":"loadingRecords"}' },
        { event: records(1012), value: '{"active":"recordsFailed"}' },
        { event: { type: 'records.reload' }, value: '{"active":"loadingRecords"}' },
        { event: records(0, 1), value: '{"active":"idle"}' },
      ],
      transitions: [],
      states: [],
    };
    const rows = pathRows(WORDS.loan, makeW('en'), path);
    expect(rows.at(-1)?.action).toBe(
      'First: In the console: “Reviews” ▸ “Approve”. Then: Press “Retry”',
    );
  });
});
