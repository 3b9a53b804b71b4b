/**
 * `npm run conformance -- --api URL --market URL --exchange URL --ws-market URL
 * --ws-exchange URL --account FILE [--prefix /v1] [--out DIR] [--only ID,…]
 * [--tolerance-ms N] [--operator URL --operator-key KEY]`: the broker conformance kit (src/conformance/) against a
 * server. The URLs are the app's live config (site.ts `live`): `roots.api`,
 * `roots.market`, `roots.exchange`, `prefix` (default /v1), `ws.market`,
 * `ws.exchange`. Defaults are those of `npm run sim:server` on
 * 127.0.0.1:$PORT (8787).
 *
 * FILE is JSON: `{ "accounts": [{ "email", "password", "funded": true }, …],
 * "expiredToken"?: "…" }`: one funded account (real-book orders) and,
 * better, one without money (the 203 check); no second factor.
 *
 * With --operator (the simulator's operator API, e.g. http://127.0.0.1:8787/operator,
 * and its key), the checks that need an operator run (src/conformance/operator.ts;
 * a broker's own back office needs its own adapter, run through the library).
 *
 * Prints the table; with --out, writes conformance.md and conformance.xml
 * (JUnit) there. Exit code 1 on any failure, 2 on bad arguments.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Account, KitOptions } from '../src/conformance/kit.ts';
import { failed, toJUnit, toMarkdown, toTerminal } from '../src/conformance/report.ts';
import { simulatorOperator } from '../src/conformance/operator.ts';
import { runConformance } from '../src/conformance/run.ts';

const port = process.env.PORT ?? '8787';
const http = `http://127.0.0.1:${port}`;
const ws = `ws://127.0.0.1:${port}`;

let args;
try {
  args = parseArgs({
    options: {
      api: { type: 'string', default: `${http}/api` },
      market: { type: 'string', default: `${http}/market` },
      exchange: { type: 'string', default: `${http}/exchange` },
      'ws-market': { type: 'string', default: `${ws}/ws/market` },
      'ws-exchange': { type: 'string', default: `${ws}/ws/exchange` },
      prefix: { type: 'string', default: '/v1' },
      account: { type: 'string' },
      out: { type: 'string' },
      only: { type: 'string' },
      'tolerance-ms': { type: 'string' },
      operator: { type: 'string' },
      'operator-key': { type: 'string' },
    },
    strict: true,
  }).values;
} catch (e) {
  console.error(`conformance: ${(e as Error).message}`);
  process.exit(2);
}

if (!args.account) {
  console.error(
    'conformance: --account FILE is required (JSON: { "accounts": [{ "email", "password", "funded" }] })',
  );
  process.exit(2);
}
let file: { accounts?: Account[]; expiredToken?: string };
try {
  file = JSON.parse(readFileSync(args.account, 'utf8')) as typeof file;
} catch (e) {
  console.error(`conformance: cannot read ${args.account}: ${(e as Error).message}`);
  process.exit(2);
}
const accounts = (file.accounts ?? []).filter(
  (a) => typeof a?.email === 'string' && typeof a.password === 'string',
);
if (accounts.length === 0) {
  console.error(`conformance: ${args.account} names no account with an email and a password`);
  process.exit(2);
}

if (args.operator && !args['operator-key']) {
  console.error('conformance: --operator needs --operator-key KEY');
  process.exit(2);
}
const opts: KitOptions = {
  api: args.api,
  market: args.market,
  exchange: args.exchange,
  wsMarket: args['ws-market'],
  wsExchange: args['ws-exchange'],
  prefix: args.prefix,
  accounts,
  ...(file.expiredToken ? { expiredToken: file.expiredToken } : {}),
  ...(args.only ? { only: args.only.split(',').map((s) => s.trim()) } : {}),
  ...(args['tolerance-ms'] ? { clockToleranceMs: Number(args['tolerance-ms']) } : {}),
  ...(args.operator
    ? { operator: simulatorOperator({ url: args.operator, key: String(args['operator-key']) }) }
    : {}),
};

console.log(
  `Conformance kit against ${opts.api} (market ${opts.market}, exchange ${opts.exchange}, channels ${opts.wsMarket}, ${opts.wsExchange})`,
);
const report = await runConformance(opts, {
  onRow: (r) => process.stdout.write(r.status === 'pass' ? '.' : r.status === 'fail' ? 'F' : 's'),
});
process.stdout.write('\n\n');
console.log(toTerminal(report));
if (args.out) {
  mkdirSync(args.out, { recursive: true });
  writeFileSync(path.join(args.out, 'conformance.md'), toMarkdown(report));
  writeFileSync(path.join(args.out, 'conformance.xml'), toJUnit(report));
  console.log(`\nReport: ${path.join(args.out, 'conformance.md')} and conformance.xml (JUnit)`);
}
process.exit(failed(report).length > 0 ? 1 : 0);
