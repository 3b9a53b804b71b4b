/**
 * A machine's QA plan: the fewest generated paths that still visit every
 * transition and state (cover.ts), each as steps a person can do (those with
 * a step only the automated run can do in a section of their own), with what
 * the screen then shows (words.ts), the shared set-up once per spec, and a
 * diagram of the machine (mermaid.ts). Markdown, and CSV for a test-management
 * tool (one row per step: {@link CSV_COLUMNS}).
 */
import type { AnyStateMachine } from 'xstate';
import { choosePaths } from './cover.ts';
import { toCsv } from './csv.ts';
import { cut, leaves, phrases, planLabels, type Labels } from './labels.ts';
import { actorOf, delayOfType } from './machine-parts.ts';
import { mermaid } from './mermaid.ts';
import {
  makeW,
  readAtStart,
  readTransient,
  type AnyEvent,
  type StepCtx,
  type W,
  type Words,
} from './words.ts';
import { LANGUAGE_NAMES } from '../../../src/i18n/language-names.ts';
import type { Language } from '../../../src/config/site.ts';
import { words as localeWords } from '../../support/i18n.ts';

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
  /**
   * What the screen shows only while a call is on its way and no call can be
   * held back for a person to see it (W.transient without a call): left out
   * of `expected`, for the automated run only.
   */
  unseen?: string[];
  /** The calls whose reply the step's set-up holds back, so a transient expectation shows. */
  held?: string[];
}

/**
 * Every path starts from a fresh browser profile; a fresh profile opens in
 * English, so a plan in another language says how to switch first (the menu
 * is named in English then: it is what the screen shows).
 */
function freshStart(w: W, lang: string): string {
  const start = w.say(
    'Start each path from a fresh browser profile (a new private window), in simulator mode (or live mode: see above).',
    '各パスは新しいブラウザープロファイル（新しいプライベートウィンドウ）から、シミュレーターモード（またはライブモード：上記参照）で始めます。',
  );
  const name = LANGUAGE_NAMES[lang as Language]?.[1];
  if (lang === 'en' || !name) return start;
  // What the screen shows: the menu is a flag with “English” beside it (its name, Language, is for screen readers).
  const english = LANGUAGE_NAMES.en[1];
  const en = localeWords('en').say;
  return `${start}${w.say(
    ` The app opens in English: first choose “${name}” in the language menu (at the top right, a flag with “${english}”; on a phone, “${en('nav.user')}” ▸ “${en('common.language')}”). The choice is kept across reloads.`,
    `アプリは英語で開くので、まず言語メニュー（画面右上の国旗と「${english}」。スマートフォンでは「${en('nav.user')}」▸「${en('common.language')}」）で「${name}」を選びます。選択は再読み込み後も保持されます。`,
  )}`;
}

/** How long the console holds back a reply a transient expectation waits on (ms). */
export const HOLD_MS = 3000;

export { leaves } from './labels.ts';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');

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
      const { text: pre, atStart } = readAtStart(ph.arrange(s.event, c));
      const at = atStart ? (rows[0] as (typeof rows)[number]) : row;
      if (pre && !at.pre.includes(pre)) at.pre.push(pre);
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
  // Transient expectations: a reply delay armed before the step, or left to the automated run.
  const hold = w.say(
    `while the reply is held back (${HOLD_MS / 1000} s)`,
    `応答が保留されている間（${HOLD_MS / 1000}秒）`,
  );
  const marks = rows.map((r) => {
    const unseen: string[] = [];
    const held: string[] = [];
    r.seen = r.seen
      .map(
        (x) =>
          readTransient(x, (t) => {
            if (!t.call) {
              unseen.push(t.text);
              return '';
            }
            if (!held.includes(t.call)) held.push(t.call);
            const arm = w.delay(t.call, HOLD_MS);
            if (!r.pre.includes(arm)) r.pre.push(arm);
            return w.say(`${t.text} ${hold}`, `${hold}、${t.text}`);
          }).text,
      )
      .filter(Boolean);
    return { unseen, held };
  });
  return rows.map((r, i) => ({
    ...(marks[i]?.unseen.length ? { unseen: marks[i].unseen } : {}),
    ...(marks[i]?.held.length ? { held: marks[i].held } : {}),
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

/** One thing a path's title names: its words, and the transitions they stand for. */
export interface TitlePart {
  text: string;
  keys: string[];
}

/** A path's title and what it is made of (tests/unit/plan-titles.test.ts checks one against the other). */
export interface CaseTitle {
  title: string;
  parts: TitlePart[];
  /** The short name of the state the path ends in, when the title says it. */
  endsOn?: string;
}

interface Doing {
  key: string;
  text: string;
  titled: boolean;
  wait: boolean;
  /** Taken on start or at once (`always`): part of the step before, nothing of its own. */
  automatic: boolean;
}

/**
 * What a path does, in order: each transition it takes, in the words of the
 * machine's titles where they give one, else the words of its arrow.
 */
function doings(words: Words | undefined, w: W, p: PlanPath, labels: Labels): Doing[] {
  const out: Doing[] = [];
  const history: AnyEvent[] = [];
  const take = (keys: string[] | undefined, e: AnyEvent, start = false) => {
    const c: StepCtx = { spec: p.spec, history: [...history] };
    for (const key of keys ?? []) {
      const t = words?.titles?.[key]?.(w, e, c) ?? '';
      const text = t || labels.transition(key)?.label || key;
      const automatic = start || key.split('|')[1] === 'always';
      out.push({ key, text, titled: t !== '', wait: delayOfType(e.type) !== undefined, automatic });
    }
  };
  take(p.transitions[0], { type: 'xstate.init' } as AnyEvent, true);
  p.steps.forEach((s, i) => {
    take(p.transitions[i + 1], s.event);
    history.push(s.event);
  });
  return out;
}

/** Each step of a path as a person does or arranges it, with the transitions it takes. */
function stepTexts(
  words: Words | undefined,
  w: W,
  p: PlanPath,
): Array<{ key: string; text: string }> {
  const ph = phrases(words, w);
  const history: AnyEvent[] = [];
  return p.steps.flatMap((s, i) => {
    const c: StepCtx = { spec: p.spec, history: [...history] };
    history.push(s.event);
    const text = cut(ph.action(s.event, c) || readAtStart(ph.arrange(s.event, c)).text);
    const key = p.transitions[i + 1]?.[0];
    return text && key ? [{ key, text }] : [];
  });
}

const thing = (d: { key: string; text: string }) => `${d.key}\u0000${d.text}`;

/** Parts in order, joined as a sentence: “A, then b, then c” (later parts in lower case). */
function joined(w: W, parts: TitlePart[]): { title: string; parts: TitlePart[] } {
  const lower = (t: string) =>
    /^[A-Z][a-z]/.test(t) ? `${t.charAt(0).toLowerCase()}${t.slice(1)}` : t;
  const said = parts.map((x, i) => (i && w.lang !== 'ja' ? { ...x, text: lower(x.text) } : x));
  return { title: said.map((x) => x.text).join(w.say(', then ', '、続いて')), parts: said };
}

/** A title that also says where the path ends. */
export const withEnding = (w: W, title: string, end: string): string =>
  w.say(`${title}, ending at ${end}`, `${title}、最後は${end}`);

/**
 * A path's title from what it does: the titled things (Words.titles) no
 * other chosen path does, in the order it does them. When that leaves out
 * a transition only this path takes (one without a title), or names more
 * than three things, the title names the first two and says where the path
 * ends. A path that does nothing of its own is named by its most
 * distinctive titled thing (the one fewest chosen paths do, waits last, the
 * later one on a tie).
 */
function titleOf(w: W, did: Doing[], count: ReadonlyMap<string, number>, end: string): CaseTitle {
  const own = did.filter((d) => count.get(thing(d)) === 1 && !d.automatic);
  const parts: TitlePart[] = [];
  for (const d of own.filter((x) => x.titled)) {
    const same = parts.find((x) => x.text === d.text);
    if (!same) parts.push({ text: d.text, keys: [d.key] });
    else if (!same.keys.includes(d.key)) same.keys.push(d.key);
  }
  if (parts.length === 0) {
    let best: Doing | undefined;
    let least = Infinity;
    for (const d of did.filter((x) => x.titled && !x.automatic)) {
      const n = (count.get(thing(d)) ?? Infinity) + (d.wait ? 0.5 : 0);
      if (n <= least) {
        best = d;
        least = n;
      }
    }
    if (best) parts.push({ text: best.text, keys: [best.key] });
  }
  const named = new Set(parts.flatMap((x) => x.keys));
  if (parts.length <= 3 && parts.length > 0 && own.every((d) => named.has(d.key)))
    return joined(w, parts);
  const some = joined(w, parts.slice(0, 2));
  const title = some.title
    ? withEnding(w, `${some.title}${parts.length > 2 ? w.say(', …', '…') : ''}`, end)
    : withEnding(w, w.say('Open the screen', '画面を開く'), end);
  return { title, parts: some.parts, endsOn: end };
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
  // 'yes' on every step of an automated-only path; on a path a person follows, a
  // step's expectations too brief to see (Row.unseen), checked by the automated run alone.
  'Automated only',
] as const;

/**
 * Expectations a person cannot see (W.transient with no call to hold back),
 * left out of the steps: listed under the path's table, for the automated run.
 */
function unseenLines(w: W, rows: Row[]): string[] {
  const lines = rows.flatMap((r, i) =>
    (r.unseen ?? []).map((u) => `- ${w.say(`Step ${i + 1}: ${u}`, `手順${i + 1}：${u}`)}`),
  );
  return lines.length
    ? [
        w.say(
          'Too brief to see by hand, checked by the automated run alone (no reply the console can hold back):',
          '一瞬で目視できないため自動テストだけが確認します（コンソールで保留できる応答がありません）：',
        ),
        '',
        ...lines,
        '',
      ]
    : [];
}

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

/** A chosen path with its title. */
export interface PlanCase extends CaseTitle {
  path: PlanPath;
}

export interface Plan {
  md: string;
  csv: string;
  chosen: number;
  generated: number;
  /** The chosen paths in the plan's order, with their titles. */
  cases: PlanCase[];
  labels: Labels;
}

/**
 * Every chosen path's title (titleOf); two that would read the same say where
 * they end, and a number tells apart any still alike.
 */
function titlesOf(words: Words | undefined, w: W, chosen: PlanPath[], labels: Labels): PlanCase[] {
  const did = chosen.map((p) => doings(words, w, p, labels));
  const count = new Map<string, number>();
  for (const d of did) for (const x of new Set(d.map(thing))) count.set(x, (count.get(x) ?? 0) + 1);
  const cases = chosen.map((path, n) => {
    const last = path.steps.at(-1)?.value ?? path.start;
    const end = [...new Set(leaves(last).map(labels.state))].join(', ');
    return { path, end, ...titleOf(w, did[n] ?? [], count, end) };
  });
  const alike = (c: PlanCase) => cases.filter((x) => x !== c && x.title === c.title);
  for (const c of cases.filter((x) => alike(x).length))
    if (c.endsOn === undefined)
      Object.assign(c, { title: withEnding(w, c.title, c.end), endsOn: c.end });
  // Still alike (the same transitions, other steps): each names the first step the others lack.
  const steps = chosen.map((p) => stepTexts(words, w, p));
  for (const c of cases.filter((x) => alike(x).length)) {
    const others = alike(c).map((x) => new Set((steps[cases.indexOf(x)] ?? []).map(thing)));
    const d = (steps[cases.indexOf(c)] ?? []).find(
      (x) => !c.title.includes(x.text) && others.some((o) => !o.has(thing(x))),
    );
    if (d)
      Object.assign(c, {
        title: w.say(`${c.title} (${d.text})`, `${c.title}（${d.text}）`),
        parts: [...c.parts, { text: d.text, keys: [d.key] }],
      });
  }
  const used = new Map<string, number>();
  return cases.map(({ end: _, ...c }) => {
    const k = (used.get(c.title) ?? 0) + 1;
    used.set(c.title, k);
    return k > 1 ? { ...c, title: `${c.title} (${k})` } : c;
  });
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
  const fresh = freshStart(w, lang);
  const md: string[] = [
    w.say(`# ${title}: QA test plan (\`${id}\`)`, `# ${title}：QAテスト計画（\`${id}\`）`),
    '',
    w.say(
      `Generated from the \`${id}\` machine by \`npm run test:paths -- --plan DIR --lang ${lang}\`. ${chosen.length} paths chosen out of the ${paths.length} the automated run executes; together they go through ${covered.size} transitions and ${states.size} states, all that the automated run visits, and meet every server reply code it arranges.`,
      `\`${id}\` マシンから \`npm run test:paths -- --plan DIR --lang ${lang}\` で生成。自動テストが実行する ${paths.length} 本のパスから ${chosen.length} 本を選びました。自動テストが通るすべての遷移（${covered.size}）と状態（${states.size}）を通り、自動テストが用意するすべての応答コードを含みます。`,
    ),
    '',
    w.say(
      `Run it in simulator mode, or against \`npm run sim:server\` (live mode: the site file points the app at the server; followed that way too). In live mode the console first asks for ${w.q('console.key')}, the key the server printed on its first start (or SIM_OPERATOR_KEY): type it and press ${w.q('console.keySubmit')}, once per tab; the server keeps its users, so a user a set-up registers by hand needs a new address on each path (the console's ${w.q('console.tab_paths')} tab removes its set-up's users first). “The console” is the simulator's back office: the narrow handle with a gear at the left edge of every page (${w.q('console.open')}). What you arm there (a fault for the next call) stays armed, across a reload too, until a call uses it up or you lift it; its list is at the top of the pane. A reload or a typed address starts the app again, and its start-up calls can use up a fault armed for one of them: once armed, reach screens through the app's own menus. The paths under “Automated run only” at the end need a condition neither the app nor the console can make (the step says which); they show what the automated run covers beyond the paths a person follows.`,
      `シミュレーターモード、または \`npm run sim:server\` に対して（ライブモード：サイトファイルでアプリをサーバーに向けます）実施します。ライブモードではコンソールがまず${w.q('console.key')}（サーバーが初回起動時に表示したキー、または SIM_OPERATOR_KEY）を求めるので、入力して${w.q('console.keySubmit')}を押します（タブごとに1回）。サーバーはユーザーを保持するため、手で登録するユーザーはパスごとに新しいアドレスが必要です（コンソールの${w.q('console.tab_paths')}タブはそのセットアップのユーザーを先に削除します）。「コンソール」はシミュレーターの管理画面で、各ページの左端にある歯車の細いつまみ（${w.q('console.open')}）です。ここで仕掛けた障害（次のリクエストへの応答）は、再読み込みしても、リクエストで使われるか解除するまで残ります（一覧はペインの上部）。ただし再読み込みやアドレスの入力はアプリを起動し直し、その起動時のリクエストが仕掛けた障害を使ってしまうことがあります。仕掛けた後は、アプリのメニューから画面を開いてください。最後の「自動テストのみ」のパスは、アプリでもコンソールでも作れない条件が必要です（手順に記載）。手動で実施するパスを超えて自動テストが確かめる範囲を示します。`,
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
  const labels = planLabels(machine, words, w, [...chosen, ...paths]);
  const pathsOf = (key: string) =>
    chosen.flatMap((p, n) => (p.transitions.some((t) => t.includes(key)) ? [n + 1] : []));
  md.push(
    '```mermaid',
    mermaid(machine, labels, pathsOf),
    '```',
    '',
    w.say(
      'Each arrow says what the person or the server does; the numbers after “·” are the paths of this plan that take it (an arrow without numbers, no path of this plan takes).',
      '矢印は利用者またはサーバーが行うことです。「·」の後の番号は、その矢印を通るこの計画のパスです（番号のない矢印は、この計画のどのパスも通りません）。',
    ),
    '',
    w.say('## Before you start', '## 始める前に'),
    '',
    fresh,
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
  const freq = new Map<string, number>();
  for (const p of chosen)
    for (const k of new Set(p.transitions.flat())) freq.set(k, (freq.get(k) ?? 0) + 1);
  const cases = titlesOf(words, w, chosen, labels);
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
    const t = (cases[n] as PlanCase).title;
    const name = `${n + 1}. ${t}`;
    md.push(`### ${name}`, '');
    if (specs.length > 1) md.push(w.say(`Set-up: **${p.spec}**`, `準備：**${p.spec}**`), '');
    md.push(
      w.say('| Step | Do this | Expect |', '| 手順 | 操作 | 期待される結果 |'),
      '| --- | --- | --- |',
      ...rows.map((r, i) => `| ${i + 1} | ${cell(r.action)} | ${cell(r.expected)} |`),
      '',
      ...unseenLines(w, rows),
      w.say('Covers:', 'この手順が通る遷移：'),
      '',
      ...[...new Set(p.transitions.flat())].map((key) => `- ${labels.line(key)}`),
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
              automated ? 'yes' : (r.unseen ?? []).join('; '),
            ]
          : [
              caseId(id, n),
              '',
              '',
              '',
              String(i + 1),
              r.action,
              r.expected,
              automated ? 'yes' : (r.unseen ?? []).join('; '),
            ],
      ),
    );
  });
  return {
    md: md.join('\n'),
    csv: CSV_BOM + toCsv(csv),
    chosen: chosen.length,
    generated: paths.length,
    cases,
    labels,
  };
}
