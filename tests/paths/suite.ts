/**
 * Runs one spec module's generated paths against the real system and writes
 * a coverage fragment (test-results/paths/<module>.json): states and
 * transitions visited, per machine, and the paths run (for the QA plan).
 * scripts/paths.mjs puts one test file per spec module (so each runs in a
 * fresh module world, two at a time) and merges the fragments.
 */
import { afterAll, describe, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import {
  describeEvent,
  generatePaths,
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
  plans: Array<{ spec: string; paths: Array<{ steps: Array<{ event: string; value: unknown }> }> }>;
}

export function runSpecs(moduleName: string, specs: PathSpec[]): void {
  const only = process.env.PATHS_ONLY;
  const byMachine = new Map<string, { machine: AnyStateMachine; cov: Coverage; frag: Fragment }>();
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
          plans: [],
        },
      };
      byMachine.set(id, entry);
    }
    const e = entry;
    const paths = generatePaths(spec, typeof spec.input === 'function' ? undefined : spec.input);
    e.frag.plans.push({
      spec: spec.name,
      paths: paths.map((p) => ({
        steps: p.steps.map((s) => ({ event: describeEvent(s.event), value: s.value })),
      })),
    });
    describe(spec.name, () => {
      paths.forEach((p, i) => {
        it(`path ${i + 1}: ${p.title.slice(0, 160)}`, async () => {
          e.frag.paths += 1;
          try {
            await runPath(spec, p, e.cov);
          } catch (err) {
            e.frag.failed += 1;
            throw err;
          }
        });
      });
    });
  }
  afterAll(() => {
    mkdirSync('test-results/paths', { recursive: true });
    const out = [...byMachine.values()].map(({ cov, frag }) => ({
      ...frag,
      coveredStates: [...cov.states],
      coveredTransitions: [...cov.transitions],
    }));
    writeFileSync(`test-results/paths/${moduleName}.json`, JSON.stringify(out));
  });
}
