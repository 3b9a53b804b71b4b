/**
 * The machines' generated paths through the real screens (issue 15 item 5):
 * per machine, the QA plan's covering choice of the generated paths, each
 * driven in Chromium against the in-browser simulator by the machine's
 * driver (tests/paths/ui). The app records the transitions its machines take
 * (src/machines/inspect.ts); every transition the chosen paths visit must be
 * taken through the UI. Coverage per machine, beside the simulator run's
 * (test-results/paths, when present), goes to test-results/ui-paths/<machine>.json
 * (one file each: machines run side by side in different workers).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { transitionKeys } from '../paths/framework.ts';
import { UI_MACHINES } from '../paths/ui/index.ts';
import { uiPaths, type UiPath } from './paths/choose.ts';
import { runUiPath } from './paths/run.ts';

const ONLY = process.env.UI_PATHS_ONLY;

// The file is the suite's longest (84 paths): its machines are shared out among
// the workers, each machine's paths in one worker, in order (serial below).
test.describe.configure({ mode: 'parallel' });

for (const { driver, specs } of UI_MACHINES) {
  if (ONLY && driver.machine !== ONLY) continue;
  const { all, chosen } = uiPaths(specs, (p) => driver.impossible?.(p));
  const machine = specs[0]!.machine;
  const covered = new Set<string>();
  test.describe(`${driver.machine} through the UI`, () => {
    test.describe.configure({ mode: 'serial' });
    chosen.forEach((p) => {
      const reason = driver.impossible?.(p);
      const defect = driver.knownDefect?.(p);
      test(`${p.spec} path ${p.index + 1}`, async ({ page, consoleErrors }) => {
        test.skip(!!reason, reason);
        // The longest paths (a reconnect's backoff, a failure's reload) take 15 s alone.
        test.setTimeout(120_000);
        // Runs, and must fail: once it passes, the marker has to go.
        test.fail(!!defect, defect);
        const keys = await runUiPath(page, driver, p);
        keys.forEach((k) => covered.add(k));
        // Every transition this path visits in the machine, the screens took.
        const expected = [...new Set(p.transitions.flat())];
        expect(expected.filter((k) => !keys.has(k))).toEqual([]);
        expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      });
    });
    test.afterAll(() => {
      const total = transitionKeys(machine);
      const wanted = new Set(chosen.flatMap((p) => p.transitions.flat()));
      const sim = simulatorCoverage(driver.machine);
      const row = {
        machine: driver.machine,
        total: total.length,
        generated: all.length,
        chosen: chosen.length,
        impossible: marked(chosen, driver.impossible),
        knownDefects: marked(chosen, driver.knownDefect),
        ui: [...covered].filter((k) => total.includes(k)).length,
        chosenVisit: wanted.size,
        simulator: sim,
        missing: [...wanted].filter((k) => !covered.has(k)),
      };
      mkdirSync('test-results/ui-paths', { recursive: true });
      writeFileSync(`test-results/ui-paths/${row.machine}.json`, JSON.stringify(row, null, 1));
      console.log(
        `ui-paths ${row.machine}: UI ${row.ui}/${row.total} transitions (chosen paths visit ${row.chosenVisit}; ` +
          `simulator run ${sim ?? 'not run'}), ${row.chosen} of ${row.generated} paths` +
          row.impossible.map((r) => `\n  impossible through the UI: ${r}`).join('') +
          row.knownDefects.map((r) => `\n  KNOWN DEFECT (expected to fail): ${r}`).join(''),
      );
    });
  });
}

/** The chosen paths a driver's marker names, with its reason. */
function marked(chosen: UiPath[], why?: (p: UiPath) => string | undefined): string[] {
  return chosen.flatMap((p) => {
    const r = why?.(p);
    return r ? [`${p.spec} #${p.index + 1}: ${r}`] : [];
  });
}

/** The simulator run's figure for a machine, from its last `npm run test:paths` fragment. */
function simulatorCoverage(machine: string): string | undefined {
  const dir = 'test-results/paths';
  if (!existsSync(dir)) return undefined;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const rows = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as Array<{
      machine: string;
      transitions: string[];
      coveredTransitions: string[];
    }>;
    const r = rows.find((x) => x.machine === machine);
    if (r) return `${r.coveredTransitions.length}/${r.transitions.length}`;
  }
  return undefined;
}
