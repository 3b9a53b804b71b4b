/**
 * Runs every machine's generated paths against the real system and records
 * coverage (test-results/paths-coverage.json). With PATHS_PLAN=<file> it also
 * writes the paths as a Markdown test plan for QA.
 */
import { afterAll, describe, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import {
  describeEvent,
  generatePaths,
  runPath,
  statePaths,
  transitionKeys,
  type Coverage,
  type PathSpec,
  type TestPath,
} from './framework.ts';

const modules = import.meta.glob<{ specs: PathSpec[] }>('./specs/*.paths.ts', { eager: true });
const specs = Object.values(modules).flatMap((m) => m.specs);
const only = process.env.PATHS_ONLY;

interface MachineCov {
  machine: AnyStateMachine;
  cov: Coverage;
  paths: number;
  failed: number;
  plans: Array<{ spec: string; paths: TestPath[] }>;
}
const byMachine = new Map<string, MachineCov>();

for (const spec of specs) {
  if (only && !spec.name.includes(only)) continue;
  const id = spec.machine.id;
  const entry =
    byMachine.get(id) ??
    ({
      machine: spec.machine,
      cov: { states: new Set(), transitions: new Set() },
      paths: 0,
      failed: 0,
      plans: [],
    } as MachineCov);
  byMachine.set(id, entry);
  const paths = generatePaths(spec, typeof spec.input === 'function' ? undefined : spec.input);
  entry.plans.push({ spec: spec.name, paths });
  describe(spec.name, () => {
    paths.forEach((p, i) => {
      it(`path ${i + 1}: ${p.title.slice(0, 160)}`, async () => {
        entry.paths += 1;
        try {
          await runPath(spec, p, entry.cov);
        } catch (e) {
          entry.failed += 1;
          throw e;
        }
      });
    });
  });
}

afterAll(() => {
  mkdirSync('test-results', { recursive: true });
  const rows = [...byMachine.entries()].map(([id, m]) => {
    const states = statePaths(m.machine);
    const transitions = transitionKeys(m.machine);
    return {
      machine: id,
      states: { covered: states.filter((s) => m.cov.states.has(s)).length, total: states.length },
      transitions: {
        covered: transitions.filter((t) => m.cov.transitions.has(t)).length,
        total: transitions.length,
      },
      paths: m.paths,
      failed: m.failed,
      missingStates: states.filter((s) => !m.cov.states.has(s)),
      missingTransitions: transitions.filter((t) => !m.cov.transitions.has(t)),
    };
  });
  writeFileSync('test-results/paths-coverage.json', JSON.stringify(rows, null, 2));
  const planFile = process.env.PATHS_PLAN;
  if (planFile) {
    const lines = [
      '# Test plan: machine paths',
      '',
      'Generated from the machines by `npm run test:paths -- --plan FILE`. Each path starts from the initial state; run the steps in order and check the state reached.',
      '',
    ];
    for (const [id, m] of byMachine) {
      lines.push(`## ${id}`, '');
      for (const { spec, paths } of m.plans) {
        if (m.plans.length > 1) lines.push(`### ${spec}`, '');
        paths.forEach((p, i) => {
          lines.push(
            `${i + 1}. ${p.steps.length === 0 ? 'Start: the initial state holds.' : p.steps.map((s) => `${describeEvent(s.event)} ⇒ \`${fmt(s.value)}\``).join('; ')}`,
          );
        });
        lines.push('');
      }
    }
    mkdirSync(path.dirname(path.resolve(planFile)), { recursive: true });
    writeFileSync(planFile, lines.join('\n'));
  }
});

function fmt(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}
