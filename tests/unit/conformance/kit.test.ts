/**
 * The broker conformance kit (src/conformance/) against real servers on
 * 127.0.0.1: the simulator's Node host, honest, with the operator adapter
 * over the host's operator API (so the checks that need an operator run
 * too), where every check passes or is a listed skip; and the same host
 * broken in every documented way at once (broken.ts; its operator API too:
 * an approval that moves no money), where each breakage fails exactly its
 * own check(s) and nothing else fails. Accounts are seeded through the
 * simulator's back office, as the other host tests do; a product is given
 * hours that are closed now, so the closed-market check runs whatever the
 * time of day. The run lasts as long as the kit's demo option (30 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../../src/api/contract.ts';
import { CHECKED_CALLS } from '../../../src/conformance/checks/calls.ts';
import { NO_OPERATOR } from '../../../src/conformance/checks/spec.ts';
import type { KitOptions } from '../../../src/conformance/kit.ts';
import {
  counts,
  failed,
  toJUnit,
  toMarkdown,
  toTerminal,
  type Report,
} from '../../../src/conformance/report.ts';
import { CHECKS, runConformance } from '../../../src/conformance/run.ts';
import { simulatorOperator } from '../../../src/conformance/operator.ts';
import { hashKey } from '../../../src/simulator/host/operator-key.ts';
import { operatorRoute, type HostRoute } from '../../../src/simulator/host/operator-api.ts';
import type { Simulator } from '../../../src/simulator/server.ts';
import { slow, TIME_SCALE } from '../../support/time-scale.ts';
import { startHost, type Host } from '../simulator/host/kit.ts';
import { BREAKAGES, breakOperator, breakSimulator, type BreakageId } from './broken.ts';

/** Checks per area: every contract call once, and the rest by hand. */
const PER_AREA = {
  calls: Object.keys(contract).length,
  codes: 10,
  tokens: 5,
  channels: 8,
  time: 4,
};

/** What the kit skips against the simulator, and why it may. */
const SKIPS = new Set([
  // A mailed or texted code the kit cannot read.
  'calls.sendPhone',
  'calls.register',
  'calls.forgot',
  'calls.bindEmailSubmit',
  'calls.bindEmailConfirm',
  // Would change the account for good, or only an operator undoes it.
  'calls.resetUser',
  'calls.transformWallet',
  'calls.addUserLoanRepay',
  'calls.rtSelfExclude',
]);

/** The checks that run only with an operator adapter. */
const NEEDS_OPERATOR = [
  'calls.authSubmit',
  'calls.juniorAuthSubmit',
  'calls.userDeposit',
  'calls.userWithdraw',
  'calls.addUserLoan',
  'codes.closed-by-operator',
];

const PASSWORD = 'secret123';
const OPERATOR_KEY = 'conformance-operator-key-0123456789';

async function host(
  wrap?: (s: Simulator) => Simulator,
  wrapOperator?: (s: Simulator) => Simulator,
): Promise<{ h: Host; opts: KitOptions }> {
  // The operator API, mounted once the simulator exists (as sim:server mounts it).
  const mounted: { route?: HostRoute } = {};
  const routes: HostRoute[] = [
    (req, res, ctx) => mounted.route?.(req, res, ctx) ?? Promise.resolve(false),
  ];
  const h = await startHost({}, { routes, ...(wrap ? { wrap } : {}) });
  mounted.route = operatorRoute(wrapOperator ? wrapOperator(h.sim) : h.sim, {
    keyHash: hashKey(OPERATOR_KEY),
  });
  await h.sim.backOffice.seedUser({
    email: 'funded@example.com',
    password: PASSWORD,
    deposit: 10_000,
  });
  await h.sim.backOffice.seedUser({ email: 'empty@example.com', password: PASSWORD });
  // A stock whose market opens for one second a day: closed now, whatever the hour.
  const day = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), '03:00:00']));
  const end = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), '03:00:01']));
  h.sim.backOffice.setHours('AAPL', { start: day, close: end });
  const http = `http://127.0.0.1:${h.port}`;
  const ws = `ws://127.0.0.1:${h.port}`;
  return {
    h,
    opts: {
      api: `${http}/api`,
      market: `${http}/market`,
      exchange: `${http}/exchange`,
      wsMarket: `${ws}/ws/market`,
      wsExchange: `${ws}/ws/exchange`,
      accounts: [
        { email: 'funded@example.com', password: PASSWORD, funded: true },
        { email: 'empty@example.com', password: PASSWORD },
      ],
      // Signed by the simulator an hour ago: a real expired token.
      expiredToken: await h.sim.ctx.tokens.sign(
        { uid: '101001', virtualStatus: '0', aesKey: '00'.repeat(16) },
        -3_600,
      ),
      slack: TIME_SCALE,
      operator: simulatorOperator({ url: `${http}/operator`, key: OPERATOR_KEY }),
    },
  };
}

const ALL = new Set<BreakageId>(BREAKAGES.map((b) => b.id));
let honest: { h: Host; opts: KitOptions };
let broken: { h: Host; opts: KitOptions };
let good: Report;
let bad: Report;

beforeAll(async () => {
  [honest, broken] = await Promise.all([
    host(),
    host(
      (s) => breakSimulator(s, ALL),
      (s) => breakOperator(s, ALL),
    ),
  ]);
  // Both at once: the run is mostly waiting on the channels.
  [good, bad] = await Promise.all([runConformance(honest.opts), runConformance(broken.opts)]);
  console.log(`honest host: ${toTerminal(good).split('\n').at(-1)}`);
  console.log(`broken host: ${toTerminal(bad).split('\n').at(-1)}`);
}, slow(90_000));

afterAll(async () => {
  await Promise.all([honest?.h.close(), broken?.h.close()]);
});

describe('the conformance kit', () => {
  it('has one calls check per contract call, and the stated number per area', () => {
    expect([...CHECKED_CALLS].sort()).toEqual(Object.keys(contract).sort());
    const ids = CHECKS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const per = Object.fromEntries(
      Object.keys(PER_AREA).map((a) => [a, CHECKS.filter((c) => c.area === a).length]),
    );
    expect(per).toEqual(PER_AREA);
    for (const c of CHECKS)
      expect(c.spec, c.id).toMatch(/^(trading\.md|user-centre\.md) §\d|^src\//);
  });

  it('passes against the honest host: every check passes or is a listed skip', () => {
    expect(failed(good).map((r) => `${r.id}: ${r.failure?.expected} / ${r.failure?.got}`)).toEqual(
      [],
    );
    const skipped = good.rows.filter((r) => r.status === 'skipped').map((r) => r.id);
    expect(skipped.sort()).toEqual([...SKIPS].sort());
    const { byArea } = counts(good);
    for (const [area, n] of Object.entries(PER_AREA))
      expect(
        byArea[area as keyof typeof PER_AREA].pass + byArea[area as keyof typeof PER_AREA].skipped,
      ).toBe(n);
    expect(good.rows).toHaveLength(CHECKS.length);
  });

  it('skips what needs an operator when none is given, saying so', async () => {
    const report = await runConformance({
      ...honest.opts,
      operator: undefined,
      only: NEEDS_OPERATOR,
    });
    // `only` takes prefixes: calls.addUserLoan brings calls.addUserLoanRepay along.
    const rows = report.rows.filter((r) => NEEDS_OPERATOR.includes(r.id));
    expect(rows.map((r) => [r.id, r.status, r.reason])).toEqual(
      NEEDS_OPERATOR.map((id) => [id, 'skipped', NO_OPERATOR]),
    );
  });

  it('reports each breakage of the broken host as its own failure, and nothing else', () => {
    const trips = BREAKAGES.flatMap((b) => b.trips);
    // No two breakages share a check: each is reported once.
    expect(new Set(trips).size).toBe(trips.length);
    expect(BREAKAGES.length).toBeGreaterThanOrEqual(15);
    const fails = failed(bad).map((r) => r.id);
    expect([...fails].sort()).toEqual([...trips].sort());
    // A failure says what was expected and what came (the field or rule).
    for (const r of failed(bad)) expect(r.failure?.expected, r.id).toBeTruthy();
    const row = (id: string) => bad.rows.find((r) => r.id === id);
    expect(row('calls.userBalance')?.failure?.got).toContain('data.balanceAmount: missing');
    expect(row('calls.thumb')?.failure?.got).toContain('data.price');
    expect(row('calls.systemConfig')?.failure?.got).toContain('enable');
    expect(row('codes.balance')?.failure?.got).toBe('code 204');
  });

  it('writes the report as a table, Markdown and JUnit XML', () => {
    const n = bad.rows.length;
    const md = toMarkdown(bad);
    expect(md.split('\n').filter((l) => l.startsWith('| `'))).toHaveLength(n);
    expect(md).toContain('## Failures');
    const xml = toJUnit(bad);
    expect(xml.match(/<testcase /g)).toHaveLength(n);
    expect(xml.match(/<failure /g)).toHaveLength(failed(bad).length);
    expect(xml).toContain(`failures="${failed(bad).length}"`);
    expect(toTerminal(bad)).toContain('FAIL tokens.signout');
  });
});
