/**
 * `npm run test:paths [-- --plan DIR [--lang xx]] [-- --only NAME]`: runs every
 * machine's generated paths against the simulator (one test file per spec
 * module, so each runs in a fresh module world; two at a time), prints
 * coverage per machine, and fails when any machine is below 100% of its
 * states or transitions. --plan writes a QA plan per machine into DIR
 * (<machine>.md and <machine>.csv, in the language --lang chooses, English by
 * default): the fewest paths that cover every transition, in a person's
 * words (tests/paths/words), with a diagram of the machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathSpecFiles, scanConditions } from './path-conditions.mjs';

const args = process.argv.slice(2);
const env = { ...process.env };
const planAt = args.indexOf('--plan');
const planDir = planAt >= 0 ? path.resolve(args[planAt + 1] ?? 'test-results/plans') : undefined;
const langAt = args.indexOf('--lang');
if (planDir) {
  env.PATHS_PLAN_DIR = planDir;
  env.PATHS_PLAN_LANG = langAt >= 0 ? args[langAt + 1] : 'en';
  rmSync(planDir, { recursive: true, force: true });
}
const onlyAt = args.indexOf('--only');
if (onlyAt >= 0) env.PATHS_ONLY = args[onlyAt + 1];

// One runner file per spec module.
const RUN = 'tests/paths/.run';
// One run at a time per checkout: a second would delete the first's files under it.
const LOCK = 'tests/paths/.run.pid';
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const holder = existsSync(LOCK) ? Number(readFileSync(LOCK, 'utf8')) : 0;
if (holder && holder !== process.pid && alive(holder)) {
  console.error(`test:paths is already running in this checkout (pid ${holder}); wait for it.`);
  process.exit(1);
}
writeFileSync(LOCK, String(process.pid));
process.on('exit', () => rmSync(LOCK, { force: true }));
rmSync(RUN, { recursive: true, force: true });
rmSync('test-results/paths', { recursive: true, force: true });
rmSync('test-results/path-conditions', { recursive: true, force: true });
mkdirSync(RUN, { recursive: true });
// Every flow (issue 26) keeps its spec at tests/flows/<flow>/paths.ts.
const specFiles = pathSpecFiles();
/** The spec files this run holds (all, or those --only picked). */
const ran = [];
for (const [name, file] of specFiles) {
  // --only NAME: one machine; the spec module that holds it is enough.
  if (
    env.PATHS_ONLY &&
    name !== env.PATHS_ONLY &&
    !readFileSync(file, 'utf8').includes(`'${env.PATHS_ONLY}'`)
  )
    continue;
  ran.push(file);
  writeFileSync(
    `${RUN}/${name}.test.ts`,
    `import { runSpecs } from '../suite.ts';\nimport { specs } from '../../../${file}';\nrunSpecs(${JSON.stringify(name)}, specs);\n`,
  );
}

const r = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--config',
    'vitest.paths.config.ts',
    '--reporter=default',
    '--reporter=json',
    '--outputFile=test-results/vitest-paths.json',
  ],
  { stdio: 'inherit', env },
);

const dir = 'test-results/paths';
if (!existsSync(dir)) {
  console.error('No coverage was recorded.');
  process.exit(r.status || 1);
}
const machines = new Map();
for (const f of readdirSync(dir).sort()) {
  for (const frag of JSON.parse(readFileSync(path.join(dir, f), 'utf8'))) {
    const m = machines.get(frag.machine) ?? {
      machine: frag.machine,
      states: frag.states,
      transitions: frag.transitions,
      coveredStates: new Set(),
      coveredTransitions: new Set(),
      paths: 0,
      failed: 0,
    };
    frag.coveredStates.forEach((s) => m.coveredStates.add(s));
    frag.coveredTransitions.forEach((t) => m.coveredTransitions.add(t));
    m.paths += frag.paths;
    m.failed += frag.failed;
    machines.set(frag.machine, m);
  }
}

const pct = (a, b) => (b ? Math.floor((100 * a) / b) : 100);
const pad = (s, n) => String(s).padEnd(n);
console.log(`\n${pad('machine', 28)}${pad('states', 16)}${pad('transitions', 18)}paths run`);
let below = 0;
const rows = [];
for (const m of [...machines.values()].sort((a, b) => a.machine.localeCompare(b.machine))) {
  const s = m.states.filter((x) => m.coveredStates.has(x)).length;
  const t = m.transitions.filter((x) => m.coveredTransitions.has(x)).length;
  const full = s === m.states.length && t === m.transitions.length;
  if (!full) below++;
  rows.push({
    machine: m.machine,
    states: { covered: s, total: m.states.length },
    transitions: { covered: t, total: m.transitions.length },
    paths: m.paths,
    failed: m.failed,
  });
  console.log(
    `${pad(m.machine, 28)}${pad(`${s}/${m.states.length} (${pct(s, m.states.length)}%)`, 16)}${pad(
      `${t}/${m.transitions.length} (${pct(t, m.transitions.length)}%)`,
      18,
    )}${m.paths}${m.failed ? ` (${m.failed} failed)` : ''}`,
  );
  if (!full) {
    for (const x of m.states.filter((x) => !m.coveredStates.has(x)))
      console.log(`    missing state: ${x}`);
    for (const x of m.transitions.filter((x) => !m.coveredTransitions.has(x)))
      console.log(`    missing transition: ${x}`);
  }
}
writeFileSync('test-results/paths-coverage.json', JSON.stringify(rows, null, 2));

if (planDir && existsSync(planDir)) {
  // An index of the plans the spec modules wrote.
  const lines = [
    '# QA plans',
    '',
    '| machine | paths in the plan | paths run automatically |',
    '| --- | --- | --- |',
  ];
  for (const f of readdirSync(planDir)
    .filter((f) => /^\..*\.json$/.test(f))
    .sort()) {
    const p = JSON.parse(readFileSync(path.join(planDir, f), 'utf8'));
    lines.push(
      `| [${p.machine}](${p.machine}.md) ([CSV](${p.machine}.csv)) | ${p.chosen} | ${p.generated} |`,
    );
    rmSync(path.join(planDir, f));
  }
  writeFileSync(path.join(planDir, 'README.md'), `${lines.join('\n')}\n`);
  console.log(`\nQA plans written to ${planDir}`);
}
if (below && onlyAt < 0) console.error(`\n${below} machine(s) below 100% coverage.`);

// Conditional checks (reached('label') in a branch): each must have run on some path.
const counts = {};
if (existsSync('test-results/path-conditions'))
  for (const f of readdirSync('test-results/path-conditions'))
    for (const [label, n] of Object.entries(
      JSON.parse(readFileSync(path.join('test-results/path-conditions', f), 'utf8')),
    ))
      counts[label] = (counts[label] ?? 0) + n;
const declared = ran.flatMap((file) => scanConditions(file).labels.map((l) => ({ ...l, file })));
const never = declared.filter((l) => !counts[l.label]);
console.log(
  `\nConditional checks: ${declared.length - never.length}/${declared.length} ran on some path.`,
);
for (const l of never) console.log(`    never ran: ${l.file}:${l.line} ${l.label}`);
writeFileSync(
  'test-results/path-conditions.json',
  JSON.stringify(
    declared.map((l) => ({ ...l, runs: counts[l.label] ?? 0 })),
    null,
    2,
  ),
);
// With --only a module may run some of its specs only: its other branches are not reported as failures.
if (never.length && onlyAt < 0)
  console.error(`\n${never.length} conditional check(s) never ran: an assertion nothing proves.`);
process.exit(r.status || ((below || never.length) && onlyAt < 0 ? 1 : 0));
