/**
 * The conformance kit as a library: `runConformance(options)` runs every
 * check against a server's URLs with its test accounts, one at a time (the
 * token checks late: they end sessions; the time checks last, so the demo
 * option placed first has run its term by then), and returns the report.
 */
import { callChecks } from './checks/calls.ts';
import { channelChecks } from './checks/channels.ts';
import { codeChecks } from './checks/codes.ts';
import { timeChecks } from './checks/time.ts';
import { tokenChecks } from './checks/tokens.ts';
import { CheckFailure, Kit, Skip, type Check, type KitOptions } from './kit.ts';
import type { Report, Row } from './report.ts';

/** Every check, in the order they run. */
export const CHECKS: readonly Check[] = [
  ...callChecks,
  ...codeChecks,
  ...channelChecks,
  ...tokenChecks,
  ...timeChecks,
];

export interface RunHooks {
  /** Each row as it is done (the terminal shows progress). */
  onRow?(row: Row): void;
}

async function runOne(kit: Kit, check: Check): Promise<Row> {
  const t0 = Date.now();
  const row: Row = {
    id: check.id,
    area: check.area,
    spec: check.spec,
    title: check.title,
    status: 'pass',
    ms: 0,
  };
  kit.last = undefined;
  try {
    await check.run(kit);
  } catch (e) {
    if (e instanceof Skip) {
      row.status = 'skipped';
      row.reason = e.message;
    } else {
      row.status = 'fail';
      const f =
        e instanceof CheckFailure
          ? e
          : new CheckFailure(
              'no exception',
              kit.last,
              e instanceof Error ? (e.stack ?? e.message) : String(e),
            );
      const ex = f.exchange;
      row.failure = {
        expected: f.expected,
        ...(f.got !== undefined ? { got: f.got } : {}),
        ...(ex ? { request: ex.request, reply: `HTTP ${ex.status} ${ex.body}` } : {}),
      };
    }
  }
  row.ms = Date.now() - t0;
  return row;
}

/** Run the kit against a server. */
export async function runConformance(opts: KitOptions, hooks: RunHooks = {}): Promise<Report> {
  const kit = new Kit(opts);
  const t0 = Date.now();
  const rows: Row[] = [];
  const chosen = opts.only?.length
    ? CHECKS.filter((c) => opts.only?.some((p) => c.id.startsWith(p)))
    : CHECKS;
  try {
    for (const check of chosen) {
      const row = await runOne(kit, check);
      rows.push(row);
      hooks.onRow?.(row);
    }
  } finally {
    await kit.finish();
  }
  return { rows, startedAt: new Date(t0).toISOString(), ms: Date.now() - t0, target: opts.api };
}
