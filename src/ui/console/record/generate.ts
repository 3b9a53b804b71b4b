/**
 * A recording (model.ts) as a QA plan in user words (Markdown) and as a
 * Playwright spec that replays it from the scenario it started from. Pure:
 * text in, text out; the console downloads what it returns, and a unit test
 * checks the committed replays equal what this makes of their recordings.
 *
 * The spec expects to sit in tests/e2e/recorded/ beside its recording
 * (`<name>.recording.json`) and the replay kit there (replay-kit.ts).
 */
import type { Recording, Region, Step, Target } from './model.ts';
import { hasFigure, isSecret, LABEL, MAX_WAIT_S, SECRET } from './model.ts';
import { opWords } from './ops.ts';

/** A file name for a recording: lower case, digits and dashes. */
export function recordingName(raw: string): string {
  const n = raw
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return n || 'session';
}

const q = (s: string) => JSON.stringify(s);
const quote = (s: string) => `“${s}”`;

const VERB: Record<string, string> = {
  button: 'Tap',
  link: 'Tap the link',
  tab: 'Open the tab',
  menuitem: 'Choose',
  option: 'Choose',
  row: 'Tap the row',
  switch: 'Switch',
};

function where(t: Target): string {
  const nth = t.nth > 0 ? ` (number ${t.nth + 1} of that name)` : '';
  return `${quote(t.name)}${nth}${t.dialog ? ` in ${quote(t.dialog)}` : ''}`;
}

function typed(value: string): string {
  if (value === SECRET.password) return "the scenario's password";
  if (value === SECRET.code) return 'the code just sent (the console’s Outbox shows it)';
  return value === '' ? 'nothing (clear it)' : quote(value);
}

/** One step in a person's words. */
export function stepWords(s: Step): string {
  switch (s.kind) {
    case 'click':
      return `${VERB[s.target.role] ?? `Tap the ${s.target.role}`} ${where(s.target)}`;
    case 'fill':
      return `Type ${typed(s.value)} in ${where(s.target)}`;
    case 'select':
      return `Choose ${quote(s.text || s.value)} in ${where(s.target)}`;
    case 'check':
      return `${s.checked ? 'Tick' : 'Untick'} ${where(s.target)}`;
    case 'go':
      return `Open ${s.path}`;
    case 'op':
      return `In the back office: ${opWords(s.op, s.args)}`;
    case 'toast':
      return `Expect the notice ${quote(s.text)}`;
  }
}

const events = (s: Step) =>
  s.events?.length ? ` _(${s.events.map((e) => `${e.machine}: ${e.type}`).join(', ')})_` : '';

const regionWords = (r: Region) =>
  `${r.name ? quote(r.name) : `The ${r.role ?? 'main'} content`}${r.name && r.role ? ` (${r.role})` : ''} ` +
  `${r.cut ? 'begins with' : 'shows'}: ${quote(r.text)}`;

const layout = (r: Recording) =>
  `${r.viewport.width < 768 ? 'phone' : 'desktop'} (${r.viewport.width}×${r.viewport.height})`;

/** The QA plan: where it starts, each step, what to expect at the end. */
export function planMarkdown(r: Recording, name: string): string {
  const lines = [
    `# Recorded session: ${name}`,
    '',
    `Recorded in ${r.mode} mode on a ${layout(r)} screen: ${r.steps.length} steps.`,
    '',
    '## Start',
    '',
    `1. Load the scenario ${quote(r.scenario.description || 'saved when recording started')} ` +
      `(console ▸ Scenarios ▸ Load a file: ${name}.recording.json holds it as \`scenario\`).`,
    ...(r.user ? [`2. Sign in as ${r.user} with the scenario's password.`] : []),
    `${r.user ? 3 : 2}. Open ${r.path}.`,
    '',
    '## Steps',
    '',
    ...r.steps.map((s, i) => `${i + 1}. ${stepWords(s)}${events(s)}`),
    ...(r.dropped ? ['', `(${r.dropped} more steps were not kept: the recording was full.)`] : []),
  ];
  if (r.end)
    lines.push(
      '',
      '## Expect at the end',
      '',
      `- The screen is ${r.end.path}.`,
      ...r.end.regions.map((x) => `- ${regionWords(x)}`),
      '',
      'Prices and amounts may differ a little (the market moves between the recording and the replay), and dates and times do.',
    );
  return `${lines.join('\n')}\n`;
}

/** A name to find an element by: exact, or a pattern where a market figure may differ. */
function nameFields(name: string): string {
  if (!hasFigure(name)) return `name: ${q(name)}, exact: true`;
  return `name: textPattern(${q(name)})`;
}

function locator(t: Target): string {
  const scope = t.dialog
    ? `page.getByRole(${q(t.dialogRole ?? 'dialog')}, { name: ${q(t.dialog)}, exact: true })`
    : 'page';
  const find =
    t.role === LABEL
      ? `getByLabel(${q(t.name)}, { exact: true })`
      : `getByRole(${q(t.role)}, { ${nameFields(t.name)} })`;
  return `${scope}.${find}${t.nth ? `.nth(${t.nth})` : ''}`;
}

const LOGIN_FIELD = /e-?mail|phone|account/i;

/** A typed value as code: a placeholder becomes the password or the latest code sent to `login`. */
function valueCode(v: string, login: string | undefined): string {
  if (v === SECRET.password) return 'PASSWORD';
  if (v === SECRET.code) return `await latestCode(page, ${q(login ?? '')})`;
  return q(v);
}

/** Back-office arguments as code: inline when short, else read from the recording. */
function argsCode(args: unknown[], i: number, login: string | undefined): string {
  const json = JSON.stringify(args);
  if (json.length > 200) return `...(rec.steps[${i}] as { args: unknown[] }).args`;
  return args
    .map((a) =>
      JSON.stringify(a)
        .replaceAll(q(SECRET.password), 'PASSWORD')
        .replaceAll(q(SECRET.code), `await latestCode(page, ${q(login ?? '')})`),
    )
    .join(', ');
}

function stepCode(s: Step, i: number, login: string | undefined): string {
  switch (s.kind) {
    case 'click':
      return `await ${locator(s.target)}.click();`;
    case 'fill':
      return `await ${locator(s.target)}.fill(${valueCode(s.value, login)});`;
    case 'select':
      return `await ${locator(s.target)}.selectOption(${q(s.value)});`;
    case 'check':
      return `await ${locator(s.target)}.setChecked(${s.checked});`;
    case 'go':
      return `await go(page, ${q(s.path)});`;
    case 'op':
      return [
        // What the reviewer saw before acting: the replay waits for it too.
        ...(s.seen ?? []).map(
          (tab) =>
            `await expect(page.getByRole('tab', { ${nameFields(tab)}, selected: true })).toBeVisible();`,
        ),
        `await backOffice(page, ${q(s.op)}${s.args.length ? `, ${argsCode(s.args, i, login)}` : ''});`,
      ].join('\n');
    case 'toast':
      return `await expect(page).toHaveShownToast(${hasFigure(s.text) ? `textPattern(${q(s.text)})` : q(s.text)});`;
  }
}

function regionCode(r: Region): string {
  const at =
    r.by === 'label'
      ? `page.locator(${q(`[aria-label=${JSON.stringify(r.name)}]`)}).first()`
      : r.name
        ? `page.getByRole(${q(r.role ?? 'region')}, { name: ${q(r.name)}, exact: true }).first()`
        : `page.getByRole(${q(r.role ?? 'main')}).first()`;
  return `await expectText(${at}, ${q(r.text)}${r.cut ? ', true' : ''});`;
}

/** The Playwright spec that replays the recording and checks the end. */
export function replaySpec(r: Recording, name: string): string {
  let login = r.user;
  const body: string[] = [];
  r.steps.forEach((s, i) => {
    body.push(`// ${i + 1}. ${stepWords(s).replaceAll('\n', ' ')}`);
    // At the market time the reviewer acted (prices, fills and timers are the recording's).
    const t = secondsIn(r, s.at);
    if (t > 0 && s.kind !== 'toast') body.push(`await at(page, ${t});`);
    body.push(stepCode(s, i, login));
    if (s.kind === 'fill' && LOGIN_FIELD.test(s.target.name) && !isSecret(s.value)) login = s.value;
  });
  if (r.end) {
    const path = r.end.path;
    body.push(
      '// Expect at the end: the screen and what its labelled parts showed.',
      `await expect(page).toHaveURL((u) => u.pathname + u.search === ${q(path)});`,
      ...r.end.regions.map(regionCode),
    );
  }
  const uses = body.join('\n');
  const kit = ['PASSWORD', 'at', 'startFrom', 'expectText', 'textPattern', 'latestCode'].filter(
    (k) => k === 'startFrom' || uses.includes(k === 'at' ? 'at(page' : k),
  );
  const waits = Math.ceil(waitedSeconds(r));
  const sim = ['backOffice', 'go'].filter((k) => uses.includes(`${k}(`));
  const desc = (r.scenario.description || 'a saved scenario').replaceAll('*/', '* /');
  return `/**
 * Recorded session ${q(name)}, replayed from the scenario it started from:
 * ${desc}
 * Generated from ${name}.recording.json by src/ui/console/record/generate.ts
 * (record the session again rather than edit this); the QA plan is ${name}.plan.md.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '../fixtures.ts';
${sim.length ? `import { ${sim.join(', ')} } from '../sim.ts';\n` : ''}import { ${kit.join(', ')}, type Recording } from './replay-kit.ts';

const rec = JSON.parse(
  readFileSync(new URL('./${name}.recording.json', import.meta.url), 'utf8'),
) as Recording;

test(${q(`recorded: ${name}`)}, async ({ page, consoleErrors }) => {
  test.setTimeout(${60 + waits} * 1000);
  await startFrom(page, rec);
${indent(uses)}
  expect(consoleErrors).toEqual([]);
});
`;
}

/**
 * How long a replay may wait for the recorded times, in seconds: the gaps
 * between steps, each at most {@link MAX_WAIT_S}, less the time a skip moved
 * the clock (the replay's skip moves it too).
 */
function waitedSeconds(r: Recording): number {
  let prev = r.scenario.now;
  let skipped = 0;
  let sum = 0;
  for (const s of r.steps) {
    sum += Math.min(MAX_WAIT_S, Math.max(0, (s.at - prev - skipped) / 1000));
    skipped = s.kind === 'op' && s.op === 'skipTime' ? Number(s.args[0]) || 0 : 0;
    prev = s.at;
  }
  return sum;
}

/** Seconds from the scenario's time to `at` (server times), to the millisecond. */
const secondsIn = (r: Recording, at: number) => Math.max(0, Math.round(at - r.scenario.now) / 1000);

const indent = (s: string) =>
  s
    .split('\n')
    .map((l) => (l ? `  ${l}` : l))
    .join('\n');
