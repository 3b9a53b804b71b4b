/**
 * The QA plans' titles, diagrams and "Covers" lists (issue 27, items 4 and 5),
 * for every machine's plan in English and Japanese: a title names what its
 * path does that no other path of the plan does, in order; the diagram and
 * the lists speak the plan's language, and the diagram numbers each arrow
 * with the paths that take it.
 */
import { describe, expect, it } from 'vitest';
import type { PathSpec } from '../paths/framework.ts';
import { renderPlan, type Plan } from '../paths/plan/render.ts';
import { WORDS } from '../paths/words/index.ts';
import { uiPaths } from '../e2e/paths/choose.ts';
import { slow } from '../support/time-scale.ts';

const modules = import.meta.glob(['../paths/specs/*.paths.ts', '../flows/*/paths.ts'], {
  eager: true,
});
const byMachine = new Map<string, PathSpec[]>();
for (const mod of Object.values(modules)) {
  const specs = (mod as { specs?: PathSpec[] }).specs ?? [];
  for (const s of specs) byMachine.set(s.machine.id, [...(byMachine.get(s.machine.id) ?? []), s]);
}

const generated = new Map<string, ReturnType<typeof uiPaths>['all']>();
const plans = new Map<string, Plan>();
const planOf = (id: string, lang: string): Plan => {
  let p = plans.get(`${id}/${lang}`);
  if (!p) {
    const specs = byMachine.get(id) as PathSpec[];
    let all = generated.get(id);
    if (!all) generated.set(id, (all = uiPaths(specs).all));
    p = renderPlan(specs[0]!.machine, WORDS[id], all, lang);
    plans.set(`${id}/${lang}`, p);
  }
  return p;
};

/** The Markdown of one path: from its heading to the next. */
const section = (md: string, n: number) => {
  const at = md.indexOf(`\n### ${n}. `);
  const next = md.indexOf('\n### ', at + 1);
  return md.slice(at, next < 0 ? undefined : next);
};

describe('QA plan titles say what each path does', () => {
  it('finds every machine with words', () => {
    expect(byMachine.size).toBeGreaterThanOrEqual(28);
  });

  for (const id of [...byMachine.keys()].sort())
    for (const lang of ['en', 'ja'])
      it(`${id} (${lang})`, { timeout: slow(60_000) }, () => {
        const plan = planOf(id, lang);
        const titles = plan.cases.map((c) => c.title);
        expect(new Set(titles).size, titles.join('\n')).toBe(titles.length);
        // Titles that had to be told apart by a number would say nothing of their own.
        for (const t of titles.filter((x) => / \(\d+\)$/.test(x)))
          expect(titles).not.toContain(t.replace(/ \(\d+\)$/, ''));
        const freq = new Map<string, number>();
        for (const c of plan.cases)
          for (const k of new Set(c.path.transitions.flat())) freq.set(k, (freq.get(k) ?? 0) + 1);
        for (const c of plan.cases) {
          const taken = c.path.transitions.flat();
          let from = 0;
          for (const part of c.parts) {
            // Every part is a transition this path takes, named in the order the path takes it.
            for (const k of part.keys) expect(taken, `${c.title}: ${k}`).toContain(k);
            const at = c.title.indexOf(part.text, from);
            expect(at, `“${part.text}” in “${c.title}”`).toBeGreaterThanOrEqual(0);
            from = at + part.text.length;
          }
          // A transition only this path takes is named, or the title says where the path ends.
          // (Not those taken on start or at once: they belong to the step before.)
          const start = new Set(c.path.transitions[0]);
          const unique = [...new Set(taken)].filter(
            (k) => freq.get(k) === 1 && !start.has(k) && !k.includes('|always|'),
          );
          const named = new Set(c.parts.flatMap((p) => p.keys));
          const ends = c.endsOn !== undefined && c.title.endsWith(c.endsOn);
          // Where it ends is said with the states' short names, never their ids.
          const names = Object.values(WORDS[id]?.names ?? {}).map((n) => n[lang === 'ja' ? 1 : 0]);
          let rest = c.endsOn ?? '';
          for (const n of names.sort((a, b) => b.length - a.length)) rest = rest.split(n).join('');
          expect(rest.replace(/[、,\s]/g, ''), `${c.title}: “${c.endsOn}”`).toBe('');
          if (!ends)
            for (const k of unique) expect(named.has(k), `${c.title}: ${k} unnamed`).toBe(true);
          // Its "Covers" list names each transition it takes, in the diagram's words: never a
          // machine's own ids (a key, an event type such as countdown.tick), also for a
          // transition of a machine it invokes (the captcha inside sign-up).
          const md = section(plan.md, plan.cases.indexOf(c) + 1);
          for (const k of new Set(taken)) {
            const t = plan.labels.transition(k);
            expect(t, `${id}: ${k} has no words`).toBeDefined();
            expect(t?.label, `${id}: ${k}`).not.toMatch(/^[\w-]+(\.[\w-]+)+$/);
            expect(plan.labels.line(k), `${id}: ${k}`).not.toContain('|');
            expect(md).toContain(`- ${plan.labels.line(k)}\n`);
          }
        }
      });
});

describe('QA plan diagrams', () => {
  const diagram = (md: string) => md.slice(md.indexOf('```mermaid\n') + 11, md.indexOf('\n```\n'));

  for (const id of ['withdraw', 'loan', 'login'])
    for (const lang of ['en', 'ja'])
      it(`${id} (${lang}): boxes and arrows in the plan's words, arrows numbered by path`, () => {
        const plan = planOf(id, lang);
        const d = diagram(plan.md);
        const lines = d.split('\n').slice(1);
        for (const l of lines) {
          // Ids stay ASCII; labels are quoted and free of what ends a Mermaid label.
          const box = /^\s*state "([^"]*)" as ([A-Za-z0-9_]+)( \{)?$/.exec(l);
          const arrow = /^\s*(\[\*\]|[A-Za-z0-9_]+) --> ([A-Za-z0-9_]+)(?: : ([^:;#"]*))?$/.exec(l);
          expect(box ?? arrow ?? /^\s*\}$/.exec(l), l).not.toBeNull();
          const label = box?.[1] ?? arrow?.[3]?.replace(/ · [\d, ]+$/, '');
          if (label) expect(label.length, label).toBeLessThanOrEqual(48);
        }
        // No machine names: each box is the state's short name in the plan's language.
        expect(d).not.toMatch(/"(ready|idle|checking|loading|submitting)"/);
        expect(d).not.toContain('✓');
        if (lang === 'ja') expect(d).toMatch(/state "[^"]*[\u3040-\u30ff\u4e00-\u9fff]/);
        // Each arrow carries the numbers of the paths that take it, and only those.
        for (const [n, c] of plan.cases.entries())
          for (const k of new Set(c.path.transitions.flat())) {
            const t = plan.labels.transition(k);
            if (!t) continue;
            const mine = lines.filter(
              (l) =>
                l.includes(' --> ') &&
                l.includes(` : `) &&
                l
                  .match(/ · ([\d, ]+)$/)?.[1]
                  ?.split(', ')
                  .includes(String(n + 1)),
            );
            expect(mine.length, `${k} for path ${n + 1}`).toBeGreaterThan(0);
          }
      });
});
