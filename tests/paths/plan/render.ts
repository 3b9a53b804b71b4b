/**
 * A machine's QA plan: the fewest generated paths that still visit every
 * transition and state (cover.ts), each as steps a person can do (those with
 * a step only the automated run can do in a section of their own), with what
 * the screen then shows (words.ts), the shared set-up once per spec, and a
 * diagram of the machine (mermaid.ts). Markdown, and CSV for a test-management
 * tool (one row per step: {@link CSV_COLUMNS}).
 */
import type { AnyStateMachine } from 'xstate';
import { describeEvent } from '../framework.ts';
import { choosePaths } from './cover.ts';
import { toCsv } from './csv.ts';
import { actorOf, delayOfType } from './machine-parts.ts';
import { mermaid } from './mermaid.ts';
import { makeW, type AnyEvent, type StepCtx, type W, type Words } from './words.ts';

/** One generated path as the automated run executed it. */
export interface PlanPath {
  spec: string;
  /** The state value right after start. */
  start: unknown;
  steps: Array<{ event: AnyEvent; value: unknown }>;
  /** Transition keys taken: [0] on start, [i + 1] at step i. */
  transitions: string[][];
  /** State nodes visited. */
  states: string[];
}

export interface Row {
  action: string;
  expected: string;
}

/** Atomic state paths of a state value ('a.b'). */
export function leaves(v: unknown, prefix: string[] = []): string[] {
  if (typeof v === 'string') return [[...prefix, v].join('.')];
  if (!v || typeof v !== 'object') return [prefix.join('.')];
  return Object.entries(v).flatMap(([k, c]) => leaves(c, [...prefix, k]));
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');

/** The phrasebook for one machine, with fallbacks in the machine's own terms. */
function phrases(words: Words | undefined, w: W) {
  const stateText = (value: unknown, e: AnyEvent, c: StepCtx) =>
    leaves(value)
      .map((leaf) => {
        // A state with nothing to add defers to its parent.
        for (let p = leaf.split('.'); p.length; p = p.slice(0, -1)) {
          const say = words?.states[p.join('.')];
          if (!say) continue;
          const s = say(w, e, c);
          if (s) return s;
        }
        return words ? '' : w.say(`state ${leaf}`, `状態 ${leaf}`);
      })
      .filter(Boolean)
      .join(w.say('; ', '。'));
  /** A user's (or the clock's) step, or '' for an actor result. */
  const action = (e: AnyEvent, c: StepCtx) => {
    const d = delayOfType(e.type);
    if (actorOf(e.type)) return '';
    const say = d !== undefined ? words?.delays[d] : words?.events[e.type];
    return say ? say(w, e, c) : describeEvent(e);
  };
  const arrange = (e: AnyEvent, c: StepCtx) => {
    const a = actorOf(e.type);
    if (!a) return '';
    const say = words?.actors[a.id]?.[a.kind];
    return say ? say(w, e, c) : describeEvent(e);
  };
  return { stateText, action, arrange };
}

/** The steps of one path: actor results become set-up of the step that starts them. */
export function pathRows(words: Words | undefined, w: W, p: PlanPath): Row[] {
  const ph = phrases(words, w);
  const init = { type: 'xstate.init' } as AnyEvent;
  const rows: Array<{
    pre: string[];
    action: string;
    seen: string[];
    /** A delay step repeated: one row, “× n”. */
    delay?: string;
    times?: number;
  }> = [{ pre: [], action: words ? words.open(w, p.spec) : w.say('Start', '開始'), seen: [] }];
  const history: AnyEvent[] = [];
  const first = ph.stateText(p.start, init, { spec: p.spec, history });
  if (first) rows[0]?.seen.push(first);
  p.steps.forEach((s, i) => {
    const later = p.steps.slice(i + 1).map((x) => x.event);
    const c: StepCtx = { spec: p.spec, history: [...history], later };
    const row = rows[rows.length - 1] as (typeof rows)[number];
    if (actorOf(s.event.type)) {
      const pre = ph.arrange(s.event, c);
      if (pre && !row.pre.includes(pre)) row.pre.push(pre);
    } else if (row.delay === s.event.type && row.pre.length === 0) {
      // The same wait again (a countdown): count it, keep only the newest screen.
      row.times = (row.times ?? 1) + 1;
      row.seen = [];
    } else
      rows.push({
        pre: [],
        action: ph.action(s.event, c),
        seen: [],
        ...(delayOfType(s.event.type) !== undefined ? { delay: s.event.type } : {}),
      });
    const seen = ph.stateText(s.value, s.event, c);
    const cur = rows[rows.length - 1] as (typeof rows)[number];
    if (seen && cur.seen.at(-1) !== seen) cur.seen.push(seen);
    history.push(s.event);
  });
  return rows.map((r, i) => ({
    action:
      r.pre.length === 0
        ? r.times
          ? w.say(`${r.action}, ${r.times} times`, `${r.action}（${r.times}回）`)
          : r.action
        : i === 0
          ? w.say(
              `Before you start: ${r.pre.join('; ')}. Then: ${r.action}`,
              `事前に：${r.pre.join('；')}。次に：${r.action}`,
            )
          : w.say(
              `First: ${r.pre.join('; ')}. Then: ${r.action}`,
              `まず：${r.pre.join('；')}。次に：${r.action}`,
            ),
    expected: r.seen.join(' → ') || '—',
  }));
}

/**
 * A path's purpose: the title of its most distinctive titled transition (the
 * one fewest chosen paths take, waits last; the later one on a tie), else
 * what it ends on.
 */
function titleOf(
  words: Words | undefined,
  w: W,
  p: PlanPath,
  rows: Row[],
  freq: Map<string, number>,
): string {
  const history: AnyEvent[] = [];
  let found = '';
  let best = Infinity;
  p.steps.forEach((s, i) => {
    const c: StepCtx = { spec: p.spec, history: [...history] };
    for (const key of p.transitions[i + 1] ?? []) {
      // A wait says less about a path's purpose than what a person or the server did.
      const n = (freq.get(key) ?? Infinity) + (delayOfType(s.event.type) !== undefined ? 0.5 : 0);
      const t = n <= best ? words?.titles?.[key]?.(w, s.event, c) : '';
      if (t) {
        found = t;
        best = n;
      }
    }
    history.push(s.event);
  });
  if (found) return found;
  const last = rows.at(-1);
  const text = last?.expected.split(' → ').at(-1) ?? '';
  return text.length > 90 ? `${text.slice(0, 88)}…` : text;
}

/** Whether a person can follow a path: neither its set-up nor a step is automated-only. */
export const followedByHand =
  (words: Words | undefined) =>
  (p: PlanPath): boolean => {
    const probe = makeW('en');
    pathRows(words, probe, p);
    words?.before(probe, p.spec);
    return probe.automatedSteps === 0;
  };

/**
 * The CSV's columns, for a test-management tool (README "QA plans": the
 * import into TestRail and Xray). One row per step; the case's own fields on
 * its first row, its id on every row. Names stay English in every language:
 * they are what the import maps, not what a tester reads.
 */
export const CSV_COLUMNS = [
  'Case ID',
  'Title',
  'Priority',
  'Preconditions',
  'Step',
  'Action',
  'Expected Result',
  'Automated only',
] as const;

/** Excel reads a CSV as UTF-8 (quotes, arrows, Japanese) only after this mark. */
export const CSV_BOM = '\uFEFF';

/** A case's id: the machine and the path's number in the plan (`withdraw-03`). */
const caseId = (machine: string, n: number) => `${machine}-${String(n + 1).padStart(2, '0')}`;

/**
 * High: the path is the plan's only one through some transition (dropping it
 * loses coverage); Medium: every transition it takes, another path takes too.
 */
function priorityOf(p: PlanPath, freq: ReadonlyMap<string, number>): 'High' | 'Medium' {
  return p.transitions.flat().some((k) => freq.get(k) === 1) ? 'High' : 'Medium';
}

export interface Plan {
  md: string;
  csv: string;
  chosen: number;
  generated: number;
}

export function renderPlan(
  machine: AnyStateMachine,
  words: Words | undefined,
  paths: PlanPath[],
  lang: string,
): Plan {
  const w = makeW(lang);
  const byHand = followedByHand(words);
  const picked = choosePaths(paths, byHand);
  const manual = picked.filter(byHand);
  const chosen = [...manual, ...picked.filter((p) => !byHand(p))];
  const covered = new Set(chosen.flatMap((p) => p.transitions.flat()));
  const states = new Set(chosen.flatMap((p) => p.states));
  const specs = [...new Set(paths.map((p) => p.spec))];
  const id = machine.id;
  const title = words ? words.title(w) : id;
  const md: string[] = [
    w.say(`# ${title}: QA test plan (\`${id}\`)`, `# ${title}：QAテスト計画（\`${id}\`）`),
    '',
    w.say(
      `Generated from the \`${id}\` machine by \`npm run test:paths -- --plan DIR --lang ${lang}\`. ${chosen.length} paths chosen out of the ${paths.length} the automated run executes; together they go through ${covered.size} transitions and ${states.size} states, all that the automated run visits, and meet every server reply code it arranges.`,
      `\`${id}\` マシンから \`npm run test:paths -- --plan DIR --lang ${lang}\` で生成。自動テストが実行する ${paths.length} 本のパスから ${chosen.length} 本を選びました。自動テストが通るすべての遷移（${covered.size}）と状態（${states.size}）を通り、自動テストが用意するすべての応答コードを含みます。`,
    ),
    '',
    w.say(
      `Run it in simulator mode. “The console” is the simulator's back office: the narrow handle with a gear at the left edge of every page (${w.q('console.open')}). What you arm there (a fault for the next call) lives in the page: reach screens through the app's own menus afterwards, since typing an address or reloading the page loses it. The paths under “Automated run only” at the end need a condition neither the app nor the console can make (the step says which); they show what the automated run covers beyond the paths a person follows.`,
      `シミュレーターモードで実施します。「コンソール」はシミュレーターの管理画面で、各ページの左端にある歯車の細いつまみ（${w.q('console.open')}）です。ここで仕掛けた障害（次のリクエストへの応答）はページの中にあるため、その後はアプリのメニューから画面を開いてください。アドレスの入力や再読み込みで消えます。最後の「自動テストのみ」のパスは、アプリでもコンソールでも作れない条件が必要です（手順に記載）。手動で実施するパスを超えて自動テストが確かめる範囲を示します。`,
    ),
    '',
  ];
  if (!words)
    md.push(
      w.say(
        '> This machine has no words file yet (tests/paths/words): steps are in the machine’s own terms.',
        '> このマシンにはまだ words ファイルがありません（tests/paths/words）。手順はマシンの用語のままです。',
      ),
      '',
    );
  md.push(
    '```mermaid',
    mermaid(machine, covered),
    '```',
    '',
    w.say(
      '✓ marks a transition that a path of this plan goes through.',
      '✓ はこの計画のパスが通る遷移です。',
    ),
    '',
    w.say('## Before you start', '## 始める前に'),
    '',
  );
  // Only the set-ups a chosen path starts from (one no path uses is nothing to prepare).
  for (const spec of specs.filter((x) => chosen.some((p) => p.spec === x))) {
    if (specs.length > 1) md.push(`### ${spec}`, '');
    const before = words ? words.before(w, spec) : [];
    md.push(
      ...(before.length ? before : [w.say('Nothing to prepare.', '準備は不要です。')]).map(
        (b) => `- ${b}`,
      ),
      '',
    );
  }
  md.push(w.say('## Paths', '## パス'), '');
  const csv: string[][] = [[...CSV_COLUMNS]];
  const used = new Map<string, number>();
  const freq = new Map<string, number>();
  for (const p of chosen)
    for (const k of new Set(p.transitions.flat())) freq.set(k, (freq.get(k) ?? 0) + 1);
  const fresh = w.say(
    'Start from a fresh browser profile (a new private window), in simulator mode.',
    '新しいブラウザープロファイル（新しいプライベートウィンドウ）から、シミュレーターモードで始めます。',
  );
  chosen.forEach((p, n) => {
    const automated = n >= manual.length;
    if (n === manual.length)
      md.push(
        w.say('## Automated run only', '## 自動テストのみ'),
        '',
        w.say(
          'Each of these paths has a step neither the app nor the console can make happen; they are not for a run by hand.',
          'これらのパスには、アプリでもコンソールでも起こせない手順があります。手動での実施対象ではありません。',
        ),
        '',
      );
    const rows = pathRows(words, w, p);
    let t = titleOf(words, w, p, rows, freq);
    const k = (used.get(t) ?? 0) + 1;
    used.set(t, k);
    if (k > 1) t = `${t} (${k})`;
    const name = `${n + 1}. ${t}`;
    md.push(`### ${name}`, '');
    if (specs.length > 1) md.push(w.say(`Set-up: **${p.spec}**`, `準備：**${p.spec}**`), '');
    md.push(
      w.say('| Step | Do this | Expect |', '| 手順 | 操作 | 期待される結果 |'),
      '| --- | --- | --- |',
      ...rows.map((r, i) => `| ${i + 1} | ${cell(r.action)} | ${cell(r.expected)} |`),
      '',
    );
    const before = words ? words.before(w, p.spec) : [];
    const preconditions = [fresh, ...before].map((b, i) => `${i + 1}. ${b}`).join('\n');
    rows.forEach((r, i) =>
      csv.push(
        i === 0
          ? [
              caseId(id, n),
              t,
              priorityOf(p, freq),
              preconditions,
              String(i + 1),
              r.action,
              r.expected,
              automated ? 'yes' : '',
            ]
          : [
              caseId(id, n),
              '',
              '',
              '',
              String(i + 1),
              r.action,
              r.expected,
              automated ? 'yes' : '',
            ],
      ),
    );
  });
  return {
    md: md.join('\n'),
    csv: CSV_BOM + toCsv(csv),
    chosen: chosen.length,
    generated: paths.length,
  };
}
