/**
 * The walker: a seeded random walk through the real UI in Chromium. Each
 * step does something a person can do on the current screen, or something
 * the operator or the network does around them; after every step the whole
 * page is checked (tests/walker/in-page.js: numbers at their product's or
 * currency's precision, figures that agree, no dead control, nothing typed
 * changed behind the person's back, stale values marked, no console error,
 * no overflow, no text cut off). fast-check generates the walks and shrinks a
 * failing one to the shortest walk that still fails; it is printed as a QA
 * plan in user words with the seed and path to replay it.
 */
import fc from 'fast-check';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CATALOGUE } from '../../src/simulator/catalogue.ts';
import type { LiveServer } from '../e2e/live-server.ts';
import { LOADING, pointAtLive } from '../e2e/fixtures.ts';
import { enterAs } from '../e2e/paths/page.ts';
import { backOffice } from '../e2e/sim.ts';
import {
  FAULTS,
  LANGUAGES,
  PERSON,
  VALUES,
  placeOf,
  stepArb,
  type Channel,
  type Step,
} from './steps.ts';

const IN_PAGE = fileURLToPath(new URL('./in-page.js', import.meta.url));

/** Price decimals per symbol, from the catalogue (never from the page). */
const PRECISION: Record<string, number> = Object.fromEntries(
  CATALOGUE.map((p) => [p.symbol, p.precision]),
);
/** Rules left out while their class is being fixed (WALK_IGNORE=rule,rule; never in CI). */
const IGNORED = new Set((process.env.WALK_IGNORE ?? '').split(',').filter(Boolean));

/** Amount decimals per currency the spec fixes (USD balances: 2; other coins are shown raw). */
const AMOUNT: Record<string, number> = { USD: 2 };

export interface WalkConfig {
  browser: Browser;
  live?: LiveServer;
  phone: boolean;
  seed: number;
  /** Walks (each from a fresh browser profile) and steps per walk. */
  runs: number;
  steps: number;
  /** Stop starting new walks after this long. */
  timeLimitMs: number;
  /** Time to shrink a failed walk (default 2 minutes). */
  shrinkMs?: number;
  /** Replay one walk: fast-check's path and the commands' replay path from a failure report. */
  path?: string;
  replayPath?: string;
  /** Progress lines go here. */
  log?: (line: string) => void;
}

/** One invariant broken after a step. */
export interface Violation {
  rule: string;
  detail: string;
}

/** What one walk did, in user words, step by step. */
interface Done {
  words: string;
  /** The screen the step was taken on. */
  where?: string;
  violations: Violation[];
}

interface Model {
  signedIn: boolean;
  /** When the market channel was frozen (it then sends nothing), if it is. */
  marketFrozenAt?: number;
  /** The last values of fields the person typed into, by walk mark. */
  typed: Record<string, string>;
  nextMark: number;
  /** Figures seen on the previous screens since money last could move (by key). */
  figures: Record<string, { text: string; where: string }>;
  /** Network faults were armed (the browser then logs failed loads, which are not the app's errors). */
  faulted: boolean;
}

interface Real {
  page: Page;
  context: BrowserContext;
  live?: LiveServer;
  phone: boolean;
  console: string[];
  done: Done[];
  email: string;
  uid?: string;
  t0: number;
  /** The walker has stopped (its time is up): steps still queued do nothing. */
  stopped: () => boolean;
}

export interface WalkResult {
  walks: number;
  steps: number;
  checks: number;
  /** Transitions of the app's machines taken in the walks (machine|source|event|i). */
  transitions: Set<string>;
  failure?: { plan: string; seed: number; path: string; replayPath: string; shrinks: number };
}

const VIEW = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };

class WalkFailure extends Error {}

/** The page's own evaluation, again after a moment while it is between documents. */
async function inPage<T>(page: Page, fn: string): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return (await page.evaluate(`window.__walk ? window.__walk.${fn} : null`)) as T;
    } catch (e) {
      if (n > 50 || !/context was destroyed|navigat|Target closed/i.test(String(e))) throw e;
      // real delay: a back-off between tries; nothing marks the next document ready to evaluate.
      await page.waitForTimeout(100);
    }
  }
}

/** Let the screen settle: the step's replies and renders (not the streaming prices). */
async function settle(page: Page, ms = 400): Promise<void> {
  await page.waitForLoadState('domcontentloaded').catch(() => {});
  // A step's replies carry no common mark (in simulator mode a worker answers, not the network).
  // real delay: each step gets this time before the walker looks.
  await page.waitForTimeout(ms);
  await page
    .waitForFunction((sel) => !document.querySelector(sel), LOADING, { timeout: 5000 })
    .catch(() => {});
}

/** Set when a walk's time is up: fast-check returns then, and a walk still running stops at its next step. */
let stopping = false;

/** A fresh browser profile on the app; signed in as a new funded user unless a guest. */
async function open(cfg: WalkConfig, guest: boolean, run: number): Promise<Real> {
  const context = await cfg.browser.newContext({
    viewport: cfg.phone ? VIEW.phone : VIEW.desktop,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const real: Real = {
    page,
    context,
    ...(cfg.live ? { live: cfg.live } : {}),
    phone: cfg.phone,
    console: [],
    done: [],
    t0: Date.now(),
    stopped: () => stopping,
    email: `walk${cfg.seed}-${run}-${Date.now() % 1e6}@example.com`,
  };
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium logs every call answered 4xx or 5xx. Over the wire (live mode) the API is
    // another origin, and its statuses are the contract's (401 then a refresh, 429, a fault
    // the walk armed): what the app does with them is checked on the screen. A resource of
    // the app's own origin that fails to load still counts.
    const at = m.location().url;
    if (
      /^Failed to load resource/.test(m.text()) &&
      at &&
      new URL(at).origin !== new URL(page.url()).origin
    )
      return;
    real.console.push(m.text());
  });
  page.on('pageerror', (e) => real.console.push(e.message));
  // The recorder of machine transitions, and the walker's eyes.
  await page.addInitScript('window.__TRADER_INSPECT__ = window.__TRADER_INSPECT__ || [];');
  await page.addInitScript({ path: IN_PAGE });
  if (cfg.live) await pointAtLive(page, cfg.live);
  // Signed in the way the path drivers are (the token in the session), or a guest.
  if (guest) {
    await page.goto('/login');
    await page.goto('/');
  } else
    real.uid = await enterAs(page, { email: real.email, password: 'secret123', deposit: 50_000 });
  await settle(page, 800);
  return real;
}

/** The kind of value a field takes. */
function kindOf(f: { type: string; inputMode: string; name: string }): keyof typeof VALUES {
  if (f.type === 'email' || /e-?mail/i.test(f.name)) return 'email';
  if (f.type === 'password') return 'password';
  if (/code/i.test(f.name) && f.inputMode === 'numeric') return 'code';
  if (f.type === 'number' || f.inputMode === 'decimal' || f.inputMode === 'numeric')
    return 'number';
  return 'text';
}

/** Did something a person sees change after a press (the screen, or an attribute it watches)? */
async function changed(page: Page, before: string): Promise<boolean> {
  // A page between documents (the evaluation fails) has changed.
  return page
    .waitForFunction(
      (b) => {
        const walk = (window as { __walk?: { signature(): string } }).__walk;
        return !walk || walk.signature() !== b;
      },
      before,
      { timeout: 2500, polling: 120 },
    )
    .then(
      () => true,
      (e: unknown) => !(e instanceof Error && e.name === 'TimeoutError'),
    );
}

/** Do one step; returns what it did in user words (empty when the screen offered nothing). */
async function act(m: Model, r: Real, s: Step): Promise<string> {
  const { page } = r;
  const op = <T>(name: string, ...args: unknown[]) => backOffice<T>(page, name, ...args);
  switch (s.k) {
    case 'press': {
      const all = await inPage<
        { id: string; name: string; role: string; current: boolean; explained: boolean }[]
      >(page, 'controls()');
      if (!all?.length) return '';
      const c = all[s.pick % all.length]!;
      const before = await inPage<string>(page, 'signature()');
      // A file the press downloads (a chart screenshot, an export) is what the person sees happen.
      let downloaded = false;
      const onDownload = () => (downloaded = true);
      page.on('download', onDownload);
      const el = page.locator(`[data-walk-id="${c.id}"]`);
      let moved: boolean;
      try {
        await el.click({ timeout: 3000 });
        moved = await changed(page, before);
      } catch {
        // Covered by another layer, or gone as the screen moved on: a person could not press it either.
        return '';
      } finally {
        page.off('download', onDownload);
      }
      const words = `Press “${c.name || '(unnamed)'}” (${c.role})`;
      if (!c.current && !c.explained && !moved && !downloaded)
        throw new WalkFailure(
          `${words}\n  dead control: nothing on the screen changed and nothing said why`,
        );
      return words;
    }
    case 'type': {
      const all = await inPage<
        { id: string; name: string; type: string; inputMode: string; value: string }[]
      >(page, 'fields()');
      if (!all?.length) return '';
      const f = all[s.pick % all.length]!;
      const list = VALUES[kindOf(f)];
      const value = list[s.value % list.length]!;
      const el = page.locator(`[data-walk-field="${f.id}"]`);
      try {
        await el.fill(value, { timeout: 3000 });
      } catch {
        return '';
      }
      const mark = String(m.nextMark++);
      await el.evaluate((e, k) => e.setAttribute('data-walk-typed', k), mark).catch(() => {});
      return `Type “${value}” into “${f.name || f.type}”`;
    }
    case 'go': {
      const to = placeOf(s);
      await page.evaluate(
        `history.pushState(null, '', ${JSON.stringify(to)}); dispatchEvent(new PopStateEvent('popstate'));`,
      );
      return `Open ${to}`;
    }
    case 'back': {
      const origin = new URL(page.url()).origin;
      await page.goBack({ timeout: 5000 }).catch(() => {});
      // Back past the app's first page leaves the site (about:blank): a person comes back.
      if (new URL(page.url()).origin === origin) return 'Go back';
      await page.goForward({ timeout: 5000 }).catch(() => {});
      if (new URL(page.url()).origin !== origin) await page.goto(`${origin}/`);
      return 'Go back (past the first page: left the site, then came back)';
    }
    case 'reload':
      await page.reload();
      return 'Reload the page';
    case 'wait':
      // real delay: the step is a person waiting; the app's own timers are what it exercises.
      await page.waitForTimeout(s.s * 1000);
      return `Wait ${s.s} s`;
    case 'language': {
      const lng = LANGUAGES[s.lng % LANGUAGES.length]!;
      await page.evaluate(
        `(() => { const p = JSON.parse(localStorage.getItem('preferences') || '{}'); p.language = ${JSON.stringify(lng)}; localStorage.setItem('preferences', JSON.stringify(p)); })()`,
      );
      await page.reload();
      return `Choose the language “${lng}” (and the page reloads)`;
    }
    case 'review': {
      const items = await op<{ kind: string; id: string; uid: string }[]>('reviews');
      const verb = s.approve ? 'approve' : 'reject';
      for (const it of items) {
        const name = {
          deposit: 'Deposit',
          withdrawal: 'Withdrawal',
          kyc: 'Kyc',
          juniorKyc: 'Kyc',
          loan: 'Loan',
          repayment: 'Repayment',
        }[it.kind];
        const args: unknown[] = [it.id];
        if (!s.approve) args.push('Rejected by the walker');
        if (it.kind === 'juniorKyc') args.push(true);
        await op(`${verb}${name}`, ...args).catch(() => {});
      }
      return items.length
        ? `In the back office (Reviews), ${verb} everything in review (${items.map((i) => i.kind).join(', ')})`
        : '';
    }
    case 'force': {
      const rule = FAULTS[s.code % FAULTS.length]!;
      await op('force', rule);
      m.faulted = true;
      return rule.status
        ? `In the back office (Faults), answer the next call with HTTP ${rule.status}`
        : `In the back office (Faults), answer the next call with code ${rule.code}`;
    }
    case 'delay':
      await op('delay', { ms: s.ms });
      m.faulted = true;
      return `In the back office (Faults), delay the next reply by ${s.ms} ms`;
    case 'channel': {
      const ch: Channel = s.ch;
      if (s.act === 'drop') await op('dropChannel', ch);
      else await op('freezeChannel', ch, s.act === 'freeze');
      if (ch === 'market' && s.act === 'freeze') m.marketFrozenAt ??= Date.now();
      if (ch === 'market' && s.act === 'thaw') delete m.marketFrozenAt;
      m.faulted = true;
      return `In the back office (Faults), ${s.act === 'thaw' ? 'resume' : s.act} the ${ch} channel`;
    }
    case 'skip':
      await op('skipTime', s.minutes * 60_000);
      return `In the back office (Market), skip ${s.minutes} minutes ahead`;
    case 'credit': {
      if (!r.uid) return '';
      await op('creditDeposit', r.uid, s.amount);
      return `In the back office (Account), credit a deposit of ${s.amount} USD`;
    }
    case 'restart':
      await r.live?.restart();
      m.faulted = true;
      return 'Stop the server (kill -9) and start it again';
  }
}

/**
 * Figures that move with every price (P&L, net value) are compared on one
 * screen only; the others (balances, totals, amounts) also from screen to
 * screen while the person only moves between screens.
 */
const MOVES_WITH_PRICES = /^(positions?|option)\.|usd$/;

/** The same figure on the screens a person went through, with nothing done in between. */
async function figuresAgree(m: Model, r: Real, s: Step): Promise<Violation[]> {
  const out: Violation[] = [];
  const now = (await inPage<Record<string, string>>(r.page, 'figures()')) ?? {};
  const where = new URL(r.page.url()).pathname;
  const moving = s.k === 'go' || s.k === 'back';
  if (moving)
    for (const [k, text] of Object.entries(now)) {
      const before = m.figures[k];
      if (before && before.text !== text && !MOVES_WITH_PRICES.test(k))
        out.push({
          rule: 'disagree',
          detail: `"${k}" read "${before.text}" on ${before.where} and reads "${text}" on ${where}`,
        });
    }
  const seen = Object.fromEntries(Object.entries(now).map(([k, text]) => [k, { text, where }]));
  m.figures = moving ? { ...m.figures, ...seen } : seen;
  return out;
}

/** The invariants after a step; `background`: the step was not the person's own. */
async function verify(m: Model, r: Real, s: Step): Promise<Violation[]> {
  const background = !PERSON.has(s.k);
  const { page } = r;
  const out: Violation[] = [];
  const quiet = m.marketFrozenAt ? Date.now() - m.marketFrozenAt : 0;
  const found = await inPage<Violation[]>(
    page,
    `check(${JSON.stringify({ precision: PRECISION, amount: AMOUNT, quietMarketMs: quiet })})`,
  );
  out.push(...(found ?? []), ...(await figuresAgree(m, r, s)));
  // Nothing typed changes behind the person's back: only their own steps may change a field.
  const now = (await inPage<Record<string, string | null>>(page, 'typed()')) ?? {};
  if (background)
    for (const [k, v] of Object.entries(now))
      if (v !== null && k in m.typed && m.typed[k] !== v)
        out.push({
          rule: 'typed-lost',
          detail: `a field typed as “${m.typed[k]}” now reads “${v}”, though the person did nothing`,
        });
  m.typed = Object.fromEntries(Object.entries(now).filter(([, v]) => v !== null)) as Record<
    string,
    string
  >;
  const errors = r.console.splice(0).filter(
    // The browser's own log of a failed load or socket: expected while a fault is armed.
    (e) => !(m.faulted && /Failed to load resource|WebSocket connection|ERR_/.test(e)),
  );
  for (const e of errors) out.push({ rule: 'console', detail: e.slice(0, 300) });
  return out.filter((v) => !IGNORED.has(v.rule));
}

class WalkCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly step: Step) {}
  check(m: Readonly<Model>): boolean {
    if (this.step.k === 'credit') return m.signedIn;
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    // The time is up and the runner has moved on: the rest of this walk does nothing.
    if (r.stopped()) return;
    let words: string;
    const where = new URL(r.page.url()).pathname;
    try {
      words = await act(m, r, this.step);
    } catch (e) {
      if (!(e instanceof WalkFailure)) throw e;
      const [w, ...rest] = e.message.split('\n');
      r.done.push({
        words: w ?? '',
        violations: [{ rule: 'dead', detail: rest.join(' ').trim() }],
      });
      throw e;
    }
    if (!words) return;
    await settle(r.page);
    if (process.env.WALK_VERBOSE)
      console.log(`  ${((Date.now() - r.t0) / 1000).toFixed(1)} s  ${words}`);
    const violations = await verify(m, r, this.step);
    r.done.push({ words, where, violations });
    if (violations.length)
      throw new WalkFailure(violations.map((v) => `${v.rule}: ${v.detail}`).join('\n'));
  }
  toString(): string {
    return JSON.stringify(this.step);
  }
}

/** A failing walk as a QA plan a person can follow. */
function plan(cfg: WalkConfig, guest: boolean, done: Done[]): string {
  const lines = [
    `Set-up: a fresh browser profile, ${cfg.phone ? 'a phone (390×844)' : 'a desktop (1440×900)'}, ${
      cfg.live ? 'live mode against sim:server' : 'the built-in simulator'
    }; ${guest ? 'not signed in' : 'signed in as a new user with 50,000 USD on the real account'}.`,
  ];
  let at = '';
  done.forEach((d, i) => {
    const on = d.where && d.where !== at && /^(Press|Type)/.test(d.words) ? ` (on ${d.where})` : '';
    if (on) at = d.where ?? at;
    lines.push(`${i + 1}. ${d.words}${on}`);
    for (const v of d.violations) lines.push(`   ✗ ${v.rule}: ${v.detail}`);
  });
  return lines.join('\n');
}

/** Walk; resolves with what was done and the shrunk failure, if any. */
export async function walk(cfg: WalkConfig): Promise<WalkResult> {
  const result: WalkResult = { walks: 0, steps: 0, checks: 0, transitions: new Set() };
  let lastFailure: { guest: boolean; done: Done[] } | undefined;
  const started = Date.now();
  stopping = false;
  let running: Promise<unknown> = Promise.resolve();
  const prop = fc.asyncProperty(
    fc.boolean(),
    fc.commands([stepArb(!!cfg.live).map((st) => new WalkCommand(st))], {
      maxCommands: cfg.steps,
      size: 'max',
      ...(cfg.replayPath ? { replayPath: cfg.replayPath } : {}),
    }),
    (guest, cmds) => {
      const run = one(guest, cmds);
      running = run.catch(() => {});
      return run;
    },
  );
  async function one(guest: boolean, cmds: Iterable<fc.AsyncCommand<Model, Real>>) {
    {
      const real = await open(cfg, guest, result.walks++);
      const model: Model = {
        signedIn: !guest,
        typed: {},
        nextMark: 0,
        faulted: false,
        figures: {},
      };
      try {
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      } catch (e) {
        lastFailure = { guest, done: real.done };
        cfg.log?.(`  ${String(e).split('\n').slice(0, 3).join(' | ').slice(0, 300)}`);
        if (!(e instanceof WalkFailure))
          real.done.push({
            words: '(the walker itself failed)',
            violations: [{ rule: 'error', detail: String(e).slice(0, 400) }],
          });
        throw e;
      } finally {
        result.steps += real.done.length;
        result.checks += real.done.length;
        const recs = await real.page
          .evaluate(
            '(window.__TRADER_INSPECT__ || []).filter((r) => r.k).map((r) => r.m + "|" + r.k)',
          )
          .catch(() => []);
        for (const k of recs as string[]) result.transitions.add(k);
        cfg.log?.(
          `walk ${result.walks}: ${real.done.length} steps${lastFailure?.done === real.done ? ' — FAILED' : ''} (${Math.round((Date.now() - started) / 1000)} s)`,
        );
        await real.context.close().catch(() => {});
      }
    }
  }
  // Explore until the time is up or a walk fails; then shrink that walk, with time of its own.
  let out = await fc.check(prop, {
    seed: cfg.seed,
    numRuns: cfg.runs,
    ...(cfg.path ? { path: cfg.path } : {}),
    interruptAfterTimeLimit: cfg.timeLimitMs,
    markInterruptAsFailure: false,
    endOnFailure: true,
  });
  const first = out.failed ? { out, walk: lastFailure } : undefined;
  if (out.failed && out.counterexamplePath && !cfg.path) {
    cfg.log?.(`shrinking the failed walk (seed ${cfg.seed}, path ${out.counterexamplePath})`);
    out = await fc.check(prop, {
      seed: cfg.seed,
      path: out.counterexamplePath,
      interruptAfterTimeLimit: cfg.shrinkMs ?? 120_000,
      markInterruptAsFailure: false,
    });
    // A failure that did not come back when replayed is still a failure: report it as found.
    if (!out.failed && first) {
      out = first.out;
      lastFailure = first.walk;
    }
  }
  // A walk the time limit cut short: stop it and wait for its browser to close.
  stopping = true;
  await running;
  if (out.failed && lastFailure)
    result.failure = {
      plan: plan(cfg, lastFailure.guest, lastFailure.done),
      seed: out.seed,
      path: out.counterexamplePath ?? '',
      replayPath: /replayPath="([^"]*)"/.exec(fc.stringify(out.counterexample))?.[1] ?? '',
      shrinks: out.numShrinks,
    };
  else if (out.failed) throw out.errorInstance ?? new Error('the walk failed');
  return result;
}
