/** Writes `<dir>/<machine>.md` and `.csv` for each machine of a spec module. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { wordsFor } from '../words/index.ts';
import { renderPlan, type PlanPath } from './render.ts';

export function writePlans(
  dir: string,
  lang: string,
  machines: Array<{ machine: AnyStateMachine; paths: PlanPath[] }>,
): void {
  mkdirSync(dir, { recursive: true });
  for (const { machine, paths } of machines) {
    const plan = renderPlan(machine, wordsFor(machine.id), paths, lang);
    writeFileSync(path.join(dir, `${machine.id}.md`), plan.md);
    writeFileSync(path.join(dir, `${machine.id}.csv`), plan.csv);
    // A one-line summary for the index scripts/paths.mjs writes.
    writeFileSync(
      path.join(dir, `.${machine.id}.json`),
      JSON.stringify({ machine: machine.id, chosen: plan.chosen, generated: plan.generated }),
    );
  }
}
