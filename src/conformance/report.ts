/**
 * The kit's report: one row per check (id, area, spec section, pass / fail /
 * skipped; on a failure the request, the reply, trimmed, and what was
 * expected), written as a terminal table, Markdown, or JUnit XML.
 */
import { AREAS, type Area } from './kit.ts';

export type Status = 'pass' | 'fail' | 'skipped';

export interface Row {
  id: string;
  area: Area;
  /** A heading of ../shared/spec/trading.md or user-centre.md (or the extension's source). */
  spec: string;
  title: string;
  status: Status;
  ms: number;
  /** Why a check was skipped. */
  reason?: string;
  failure?: {
    expected: string;
    /** What came instead (the field or rule that failed). */
    got?: string;
    request?: string;
    reply?: string;
  };
}

export interface Report {
  rows: Row[];
  startedAt: string;
  ms: number;
  /** The API root the kit ran against. */
  target: string;
}

export interface Counts {
  pass: number;
  fail: number;
  skipped: number;
}

/** Counts by status, in all and per area. */
export function counts(report: Report): { all: Counts; byArea: Record<Area, Counts> } {
  const zero = (): Counts => ({ pass: 0, fail: 0, skipped: 0 });
  const byArea = Object.fromEntries(AREAS.map((a) => [a, zero()])) as Record<Area, Counts>;
  const all = zero();
  for (const r of report.rows) {
    all[r.status]++;
    byArea[r.area][r.status]++;
  }
  return { all, byArea };
}

export const failed = (report: Report): Row[] => report.rows.filter((r) => r.status === 'fail');

const pad = (s: string, n: number) =>
  s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length);
const MARK: Record<Status, string> = { pass: 'PASS', fail: 'FAIL', skipped: 'skip' };

/** One line per check, then each failure in full, then the counts. */
export function toTerminal(report: Report): string {
  const idW = Math.max(...report.rows.map((r) => r.id.length), 2);
  const lines = [`${pad('id', idW)}  ${pad('area', 8)}  status  spec`];
  for (const r of report.rows)
    lines.push(
      `${pad(r.id, idW)}  ${pad(r.area, 8)}  ${pad(MARK[r.status], 6)}  ${r.spec}${r.status === 'skipped' ? `  (${r.reason})` : ''}`,
    );
  for (const r of failed(report)) {
    const f = r.failure;
    lines.push(
      '',
      `FAIL ${r.id}: ${r.title}`,
      `  spec:     ${r.spec}`,
      `  expected: ${f?.expected}`,
    );
    if (f?.got) lines.push(`  got:      ${f.got}`);
    if (f?.request) lines.push(`  request:  ${f.request}`);
    if (f?.reply) lines.push(`  reply:    ${f.reply}`);
  }
  lines.push('', summary(report));
  return lines.join('\n');
}

/** "61 pass, 0 fail, 29 skipped in 23.4 s (calls 40/0/29, …)". */
export function summary(report: Report): string {
  const { all, byArea } = counts(report);
  const areas = AREAS.map(
    (a) => `${a} ${byArea[a].pass}/${byArea[a].fail}/${byArea[a].skipped}`,
  ).join(', ');
  return `${all.pass} pass, ${all.fail} fail, ${all.skipped} skipped in ${(report.ms / 1000).toFixed(1)} s (pass/fail/skipped: ${areas})`;
}

const mdCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A Markdown page: the counts, the table, then each failure. */
export function toMarkdown(report: Report): string {
  const out = [
    '# Conformance report',
    '',
    `Server ${report.target}, ${report.startedAt}. ${summary(report)}.`,
    '',
    'Spec sections are headings of `../shared/spec/trading.md` and `../shared/spec/user-centre.md`.',
    '',
    '| id | area | spec | status | check |',
    '|---|---|---|---|---|',
  ];
  for (const r of report.rows)
    out.push(
      `| \`${r.id}\` | ${r.area} | ${mdCell(r.spec)} | ${r.status === 'fail' ? '**fail**' : r.status} | ${mdCell(r.status === 'skipped' ? `${r.title} (skipped: ${r.reason})` : r.title)} |`,
    );
  const bad = failed(report);
  if (bad.length) {
    out.push('', '## Failures');
    for (const r of bad) {
      const f = r.failure;
      out.push(
        '',
        `### \`${r.id}\``,
        '',
        r.title,
        '',
        `- spec: ${r.spec}`,
        `- expected: ${f?.expected}`,
      );
      if (f?.got) out.push(`- got: ${f.got}`);
      if (f?.request) out.push('', '```', f.request, '```');
      if (f?.reply) out.push('', '```', f.reply, '```');
    }
  }
  return `${out.join('\n')}\n`;
}

const xml = (s: string) =>
  s
    .replace(
      /[<>&"']/g,
      (c) =>
        ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
    )
    // eslint-disable-next-line no-control-regex -- XML 1.0 has no place for these
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** JUnit XML: a test suite per area, a test case per check. */
export function toJUnit(report: Report): string {
  const { all, byArea } = counts(report);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${report.rows.length}" failures="${all.fail}" skipped="${all.skipped}" time="${(report.ms / 1000).toFixed(3)}">`,
  ];
  for (const area of AREAS) {
    const rows = report.rows.filter((r) => r.area === area);
    if (!rows.length) continue;
    const c = byArea[area];
    const time = rows.reduce((s, r) => s + r.ms, 0) / 1000;
    out.push(
      `  <testsuite name="${area}" tests="${rows.length}" failures="${c.fail}" skipped="${c.skipped}" time="${time.toFixed(3)}">`,
    );
    for (const r of rows) {
      const head = `    <testcase classname="conformance.${area}" name="${xml(r.id)}" time="${(r.ms / 1000).toFixed(3)}"`;
      if (r.status === 'pass') out.push(`${head}/>`);
      else if (r.status === 'skipped')
        out.push(
          `${head}>`,
          `      <skipped message="${xml(r.reason ?? '')}"/>`,
          '    </testcase>',
        );
      else {
        const f = r.failure;
        const body = [
          `spec: ${r.spec}`,
          `expected: ${f?.expected}`,
          f?.got && `got: ${f.got}`,
          f?.request && `request: ${f.request}`,
          f?.reply && `reply: ${f.reply}`,
        ]
          .filter(Boolean)
          .join('\n');
        out.push(
          `${head}>`,
          `      <failure message="${xml(f?.expected ?? '')}">${xml(body)}</failure>`,
          '    </testcase>',
        );
      }
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
