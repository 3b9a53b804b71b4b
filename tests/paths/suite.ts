/**
 * Runs one spec module's generated paths against the real system and writes
 * a coverage fragment (test-results/paths/<module>.json): states and
 * transitions visited, per machine, and the paths run (for the QA plan).
 * scripts/paths.mjs puts one test file per spec module (so each runs in a
 * fresh module world, two at a time) and merges the fragments. With
 * PATHS_PLAN_DIR set, it also writes each machine's QA plan there (Markdown
 * and CSV, in PATHS_PLAN_LANG) from the paths as they ran.
 */
import { afterAll, describe, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import type { PlanPath } from './plan/render.ts';
import {
  generatePaths,
  reachedSoFar,
  runPath,
  statePaths,
  transitionKeys,
  type Coverage,
  type PathSpec,
} from './framework.ts';

export interface Fragment {
  machine: string;
  states: string[];
  transitions: string[];
  coveredStates: string[];
  coveredTransitions: string[];
  paths: number;
  failed: number;
}

export function runSpecs(moduleName: string, specs: PathSpec[]): void {
  const only = process.env.PATHS_ONLY;
  const planDir = process.env.PATHS_PLAN_DIR;
  const byMachine = new Map<
    string,
    { machine: AnyStateMachine; cov: Coverage; frag: Fragment; plan: PlanPath[] }
  >();
  for (const spec of specs) {
    if (only && !spec.name.includes(only)) continue;
    const id = spec.machine.id;
    let entry = byMachine.get(id);
    if (!entry) {
      entry = {
        machine: spec.machine,
        cov: { states: new Set(), transitions: new Set() },
        frag: {
          machine: id,
          states: statePaths(spec.machine),
          transitions: transitionKeys(spec.machine),
          coveredStates: [],
          coveredTransitions: [],
          paths: 0,
          failed: 0,
        },
        plan: [],
      };
      byMachine.set(id, entry);
    }
    const e = entry;
    const paths = generatePaths(spec, typeof spec.input === 'function' ? undefined : spec.input);
    describe(spec.name, () => {
      paths.forEach((p, i) => {
        it(`path ${i + 1}: ${p.title.slice(0, 160)}`, async () => {
          e.frag.paths += 1;
          // For the plan, each path's own coverage, step by step.
          const own: Coverage = planDir
            ? { states: new Set(), transitions: new Set(), steps: [] }
            : e.cov;
          try {
            await runPath(spec, p, own);
          } catch (err) {
            e.frag.failed += 1;
            throw err;
          } finally {
            if (own !== e.cov) {
              own.states.forEach((x) => e.cov.states.add(x));
              own.transitions.forEach((x) => e.cov.transitions.add(x));
            }
          }
          if (planDir)
            e.plan.push({
              spec: spec.name,
              start: own.start,
              steps: p.steps.map((s) => ({ event: s.event, value: s.value })),
              transitions: Array.from({ length: p.steps.length + 1 }, (_, k) => [
                ...(own.steps?.[k] ?? []),
              ]),
              states: [...own.states],
            });
        });
      });
    });
  }
  // --only NAME may pick a module that holds no matching spec: nothing to run, not an error.
  if (byMachine.size === 0) it.skip(`no spec of ${moduleName} matches ${only}`, () => {});
  afterAll(async () => {
    if (planDir) {
      const { writePlans } = await import('./plan/write.ts');
      writePlans(
        planDir,
        process.env.PATHS_PLAN_LANG ?? 'en',
        [...byMachine.values()].map((m) => ({ machine: m.machine, paths: m.plan })),
      );
    }
    mkdirSync('test-results/paths', { recursive: true });
    const out = [...byMachine.values()].map(({ cov, frag }) => ({
      ...frag,
      coveredStates: [...cov.states],
      coveredTransitions: [...cov.transitions],
    }));
    writeFileSync(`test-results/paths/${moduleName}.json`, JSON.stringify(out));
    // How often each conditional check ran (scripts/paths.mjs fails on one that never did).
    mkdirSync('test-results/path-conditions', { recursive: true });
    writeFileSync(
      `test-results/path-conditions/${moduleName}.json`,
      JSON.stringify(reachedSoFar()),
    );
  });
}
