/**
 * The back-office operations a recording keeps, each with how a QA plan says
 * it ("In the back office: fire a gap of -5 % on EURUSD"). Reads (the outbox,
 * the review queue, a save) change nothing and are not kept (null). Typed
 * against {@link BackOffice}: a new operation does not compile until it is
 * classed here.
 */
import type { BackOffice } from '../../../simulator/back-office.ts';

type Phrase = (a: unknown[]) => string;

const s = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));
const list = (x: unknown) => (Array.isArray(x) ? x.map(s).join(', ') : s(x));
const signed = (x: unknown) => `${Number(x) > 0 ? '+' : ''}${s(x)}`;
const onOff = (x: unknown) => (x ? 'on' : 'off');

export const OPS: Record<keyof BackOffice, Phrase | null> = {
  now: null,
  force: ([r]) => `answer the next ${s((r as { call?: string }).call ?? 'call')} with ${s(r)}`,
  delay: ([r]) => `delay the next reply: ${s(r)}`,
  clearScenarios: () => 'clear the armed faults',
  scenarios: null,
  dropChannel: ([c]) => `drop the ${s(c)} channel`,
  freezeChannel: ([c, on]) => `freeze the ${s(c)} channel ${onOff(on)}`,
  stallChannel: ([c, n]) => `stall the next ${s(n)} ${s(c)} connections`,
  stalledChannel: null,
  armedFaults: null,
  setTradeStatus: ([p, st]) => `set the trade status of ${s(p)} to ${s(st)}`,
  setHours: ([p, h]) => (h ? `set the market hours of ${s(p)}` : `restore ${s(p)}'s market hours`),
  marketGap: ([ps, pct]) => `fire a gap of ${signed(pct)} % on ${list(ps)}`,
  flashCrash: ([ps, pct, sec]) =>
    `fire a flash crash of ${s(pct)} % over ${s(sec)} s on ${list(ps)}`,
  widenSpread: ([ps, f, sec]) => `widen the spread ${s(f)}× for ${s(sec)} s on ${list(ps)}`,
  haltTrading: ([ps, sec]) => `halt trading for ${s(sec)} s on ${list(ps)}`,
  silenceFeed: ([ps, sec]) => `silence the feed for ${s(sec)} s on ${list(ps)}`,
  marketEvents: null,
  setFlag: ([f, on]) => `switch the flag ${s(f)} ${onOff(on)}`,
  flags: null,
  resetFlags: () => 'reset every flag',
  wipe: () => 'wipe the simulator',
  skipTime: ([ms]) => `skip ${Number(ms) / 1000} s ahead`,
  saveScenario: null,
  loadScenario: ([d]) => `load the scenario “${s((d as { description?: string }).description)}”`,
  bookmark: ([n]) => `bookmark this moment as “${s(n)}”`,
  bookmarks: null,
  restoreBookmark: ([n]) => `go back to the bookmark “${s(n)}”`,
  outbox: null,
  lastCode: null,
  captchaText: null,
  blockUser: ([u, on]) => `${on ? 'block' : 'unblock'} user ${s(u)}`,
  deleteUser: ([u]) => `delete user ${s(u)}`,
  logoutUser: ([u]) => `sign user ${s(u)} out`,
  setTwoFactor: ([u, on]) => `switch two-factor ${onOff(on)} for user ${s(u)}`,
  seedUser: ([u]) =>
    `create the user ${s((u as { email?: string; phone?: string }).email ?? (u as { phone?: string }).phone)}`,
  creditDeposit: ([u, a]) => `credit a deposit of ${s(a)} to user ${s(u)}`,
  setTradeBanned: ([u, on]) => `${on ? 'ban' : 'unban'} user ${s(u)} from trading`,
  userByLogin: null,
  reviews: null,
  approveDeposit: ([id]) => `approve the deposit ${s(id)}`,
  rejectDeposit: ([id, r]) => `reject the deposit ${s(id)} (“${s(r)}”)`,
  approveWithdrawal: ([id]) => `approve the withdrawal ${s(id)}`,
  rejectWithdrawal: ([id, r]) => `reject the withdrawal ${s(id)} (“${s(r)}”)`,
  approveKyc: ([id]) => `approve the identity check ${s(id)}`,
  rejectKyc: ([id, r]) => `reject the identity check ${s(id)} (“${s(r)}”)`,
  approveLoan: ([id]) => `approve the loan ${s(id)}`,
  rejectLoan: ([id, r]) => `reject the loan ${s(id)} (“${s(r)}”)`,
  approveRepayment: ([id]) => `approve the repayment ${s(id)}`,
  rejectRepayment: ([id, r]) => `reject the repayment ${s(id)} (“${s(r)}”)`,
  walletRequests: null,
  upload: null,
  setAccountAnomaly: ([u, on]) => `${on ? 'flag' : 'clear'} an account anomaly for user ${s(u)}`,
  makeLoanOverdue: ([id]) => `make the loan ${s(id)} overdue`,
  sendMessage: ([u, title]) => `send user ${s(u)} the message “${s(title)}”`,
  setWalletType: ([u, t]) => `set user ${s(u)}'s wallet type to ${s(t)}`,
  addSelfWallet: ([u]) => `add a wallet of its own for user ${s(u)}`,
  setCoinNetEnabled: ([n, on]) => `switch the network ${s(n)} ${onOff(on)}`,
  tradingOrders: null,
  tradingOptions: null,
  tradingSummary: null,
  responsibleOf: null,
  liftSelfExclusion: ([u]) => `lift user ${s(u)}'s self-exclusion`,
  setCoolingOff: ([h]) => `set the cooling-off time to ${s(h)} h`,
  setRtTimezone: ([tz]) => `set the responsible-trading time zone to ${s(tz)}`,
};

/** Is this an operation a recording keeps (one that changes the world)? */
export const isKeptOp = (name: string): boolean =>
  Object.hasOwn(OPS, name) && OPS[name as keyof BackOffice] !== null;

/** How a plan says an operation. */
export function opWords(name: string, args: unknown[]): string {
  const phrase = Object.hasOwn(OPS, name) ? OPS[name as keyof BackOffice] : null;
  return phrase ? phrase(args) : `run ${name}(${args.map(s).join(', ')})`;
}
