/**
 * The back-office operations the operator API allows over HTTP, each with the
 * schema of its argument list. The table is typed against {@link BackOffice}:
 * an operation added to the back office does not compile until it gets a
 * schema here or is named in {@link NOT_OVER_HTTP}.
 */
import * as v from 'valibot';
import { contract, type CallName } from '../../api/contract.ts';
import type { BackOffice } from '../back-office.ts';
import {
  CRASH_MS,
  CRASH_PCT,
  HALT_MS,
  MAX_GAP_PCT,
  SILENT_MS,
  SPREAD_FACTOR,
  SPREAD_MS,
} from '../market-events.ts';
import { MAX_COOLING_OFF_HOURS } from '../modules/responsible/state.ts';
import {
  MAX_BOOKMARK_NAME,
  MAX_DESCRIPTION,
  SCENARIO_KIND,
  type ScenarioDoc,
} from '../scenario-file.ts';

/** Operations kept off the wire: wiping the saved state belongs to whoever runs the host. */
export const NOT_OVER_HTTP = ['wipe'] as const;

/** The names the operator API answers. */
export type OperatorOp = Exclude<keyof BackOffice, (typeof NOT_OVER_HTTP)[number]>;

type ArgsSchema<K extends OperatorOp> = v.GenericSchema<unknown, Parameters<BackOffice[K]>>;

/** An optional argument: JSON carries a left-out one as null. */
const opt = <T>(s: v.GenericSchema<unknown, T>) =>
  v.pipe(
    v.nullish(s),
    v.transform((x): T | undefined => x ?? undefined),
  );

const text = (max = 200) => v.pipe(v.string(), v.maxLength(max));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const int = (min: number, max: number) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const amount = v.union([v.pipe(v.string(), v.regex(/^\d{1,15}(\.\d{1,8})?$/)), int(1, 1e12)]);
const channel = v.picklist(['market', 'exchange']);
const book = opt(v.picklist(['real', 'demo']));
const call = v.picklist(Object.keys(contract) as CallName[]);
const weekly = v.record(
  v.pipe(v.string(), v.regex(/^[0-6]$/)),
  v.pipe(v.string(), v.regex(/^\d{2}:\d{2}(:\d{2})?$/)),
);
const hours = v.strictObject({ start: weekly, close: weekly, early: v.optional(weekly) });
const forced = v.strictObject({
  call: v.optional(call),
  code: v.optional(int(-1_000_000, 1_000_000)),
  msg: v.optional(text()),
  status: v.optional(int(100, 599)),
  body: v.optional(text(10_000)),
  times: v.optional(int(1, 1000)),
});
const delayRule = v.strictObject({
  call: v.optional(call),
  ms: int(0, 600_000),
  times: v.optional(int(1, 1000)),
  after: v.optional(v.boolean()),
});
const newUser = v.strictObject({
  email: v.optional(text(254)),
  phone: v.optional(text(32)),
  password: v.pipe(v.string(), v.minLength(6), v.maxLength(128)),
  nick: v.optional(text(64)),
  invitedBy: v.optional(id),
  twoFactor: v.optional(v.boolean()),
  deposit: v.optional(amount),
});

/** One symbol or a group (the catalogue has 60). */
const symbols = v.pipe(v.array(text(32)), v.minLength(1), v.maxLength(60));
/** A finite number in [min, max] (a percentage, a factor). */
const pctIn = (min: number, max: number) =>
  v.pipe(v.number(), v.finite(), v.minValue(min), v.maxValue(max));

const none = v.strictTuple([]);
const byId = v.strictTuple([id]);
const reject = v.strictTuple([id, text(500)]);
const toggle = v.strictTuple([id, v.boolean()]);

const TABLE: { readonly [K in OperatorOp]: ArgsSchema<K> } = {
  now: none,
  force: v.strictTuple([forced]),
  delay: v.strictTuple([delayRule]),
  clearScenarios: none,
  scenarios: none,
  dropChannel: v.strictTuple([channel]),
  freezeChannel: v.strictTuple([channel, v.boolean()]),
  stallChannel: v.strictTuple([channel, int(0, 100)]),
  stalledChannel: v.strictTuple([channel]),
  armedFaults: none,
  setTradeStatus: v.strictTuple([text(32), int(0, 10)]),
  setHours: v.strictTuple([text(32), opt(hours)]),
  marketGap: v.strictTuple([symbols, pctIn(-MAX_GAP_PCT, MAX_GAP_PCT)]),
  flashCrash: v.strictTuple([
    symbols,
    pctIn(CRASH_PCT.min, CRASH_PCT.max),
    int(CRASH_MS.min / 1000, CRASH_MS.max / 1000),
  ]),
  widenSpread: v.strictTuple([
    symbols,
    pctIn(SPREAD_FACTOR.min, SPREAD_FACTOR.max),
    int(SPREAD_MS.min / 1000, SPREAD_MS.max / 1000),
  ]),
  haltTrading: v.strictTuple([symbols, int(HALT_MS.min / 1000, HALT_MS.max / 1000)]),
  silenceFeed: v.strictTuple([symbols, int(SILENT_MS.min / 1000, SILENT_MS.max / 1000)]),
  marketEvents: v.strictTuple([text(32)]),
  setFlag: v.strictTuple([text(64), v.boolean()]),
  flags: none,
  resetFlags: none,
  skipTime: v.strictTuple([int(1, 366 * 24 * 3_600_000)]),
  // scenarios (scenario-file.ts checks the document itself; the host bounds its size)
  saveScenario: v.strictTuple([opt(text(MAX_DESCRIPTION))]),
  loadScenario: v.strictTuple([
    v.pipe(
      v.looseObject({ kind: v.literal(SCENARIO_KIND) }),
      v.transform((d) => d as unknown as ScenarioDoc),
    ),
  ]),
  bookmark: v.strictTuple([text(MAX_BOOKMARK_NAME)]),
  bookmarks: none,
  restoreBookmark: v.strictTuple([text(MAX_BOOKMARK_NAME)]),
  // identity
  outbox: v.strictTuple([opt(text(254))]),
  lastCode: v.strictTuple([text(254)]),
  captchaText: byId,
  blockUser: toggle,
  deleteUser: byId,
  logoutUser: byId,
  setTwoFactor: toggle,
  // users
  seedUser: v.strictTuple([newUser]),
  creditDeposit: v.strictTuple([id, amount]),
  setTradeBanned: toggle,
  userByLogin: v.strictTuple([text(254)]),
  // account: reviews
  reviews: none,
  approveDeposit: byId,
  rejectDeposit: reject,
  approveWithdrawal: byId,
  rejectWithdrawal: reject,
  approveKyc: v.strictTuple([id, opt(v.boolean())]),
  rejectKyc: v.strictTuple([id, text(500), opt(v.boolean())]),
  approveLoan: byId,
  rejectLoan: reject,
  approveRepayment: byId,
  rejectRepayment: reject,
  // account: the rest
  walletRequests: v.strictTuple([opt(id)]),
  upload: v.strictTuple([text(200)]),
  setAccountAnomaly: toggle,
  makeLoanOverdue: byId,
  sendMessage: v.strictTuple([id, text(200), text(5000)]),
  setWalletType: v.strictTuple([id, int(0, 10)]),
  addSelfWallet: v.strictTuple([id, id, text(200)]),
  setCoinNetEnabled: toggle,
  // trading
  tradingOrders: v.strictTuple([id, book]),
  tradingOptions: v.strictTuple([id, book]),
  tradingSummary: v.strictTuple([id, book]),
  // responsible trading
  responsibleOf: byId,
  liftSelfExclusion: byId,
  setCoolingOff: v.strictTuple([pctIn(0, MAX_COOLING_OFF_HOURS)]),
  setRtTimezone: v.strictTuple([text(64)]),
};

// A Map, not the object: a name like `__proto__` or `constructor` finds nothing.
const OPS = new Map<string, v.GenericSchema<unknown, unknown[]>>(Object.entries(TABLE));

/** The result of checking a request: the operation and its arguments, or why not. */
export type Checked =
  { ok: true; op: OperatorOp; args: unknown[] } | { ok: false; status: 400 | 404; msg: string };

/** Check an operation name and its arguments against the allow-list. */
export function checkCall(op: unknown, args: unknown): Checked {
  const schema = typeof op === 'string' ? OPS.get(op) : undefined;
  if (!schema) return { ok: false, status: 404, msg: 'no such operation' };
  const r = v.safeParse(schema, args ?? []);
  if (!r.success) {
    const issue = r.issues[0];
    const at = v.getDotPath(issue);
    return {
      ok: false,
      status: 400,
      msg: `bad arguments${at ? ` at ${at}` : ''}: ${issue.message}`,
    };
  }
  return { ok: true, op: op as OperatorOp, args: r.output };
}

/** Run a checked operation on a back office. */
export async function runOp(bo: BackOffice, op: OperatorOp, args: unknown[]): Promise<unknown> {
  const fn = bo[op] as (...a: unknown[]) => unknown;
  return fn.apply(bo, args);
}
