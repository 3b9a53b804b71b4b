/**
 * The realtime machine driven through the app (specs in
 * paths.ts beside it; words in words.ts). The
 * machine lives as long as the app: every path starts with a page load
 * (`loads`); the market channel connects at start-up, the exchange channel
 * at start-up too when the session holds a token (signed in before the
 * load; the sign-in form itself is the login machine's paths').
 *
 * - A path is about one channel; the other runs as the app runs it (the
 *   market is always on), so only the path's region is compared (`regions`).
 * - Activation, a connection opening and a message arriving are the app's
 *   own doing (`itself`): the runner counts them as recorded.
 * - Arranged as the words say, in the console's Faults: a connection that
 *   must not open (so it goes stale or is dropped while connecting) is
 *   stalled before it starts; one that must stay silent after opening is
 *   frozen; a drop is Drop. The page's clock is paused once the channel
 *   has started: the reconnect delays and the 10 s silence pass only when
 *   the path says.
 * - A failed channel alerts and reloads the page; the recorder survives
 *   the reload (tests/e2e/paths/page.ts).
 * - Time passes for every timer at once: a path whose reconnect delays add
 *   up to the 10 s silence check without a message cannot happen in the app
 *   (the check fires first), nor can the price channel be switched off.
 */
import { expect, type Page } from '@playwright/test';
import { RECONNECT_STEP_MS, STALE_AFTER_MS } from '../../../src/config/constants.ts';
import { makeW } from '../../paths/plan/words.ts';
import type { AnyEvent } from '../../paths/plan/words.ts';
import type { PlanPath } from '../../paths/plan/render.ts';
import { backOffice, go, records, steady } from '../../e2e/paths/page.ts';
import { project } from '../../e2e/paths/run.ts';
import { nothing, type UiCtx, type UiDriver, type UiStep } from '../../paths/ui/driver.ts';

const w = makeW('en');
const t = w.t;
type Ch = 'market' | 'exchange';
const chOf = (spec: string): Ch => (spec.includes('exchange') ? 'exchange' : 'market');
const EMAIL = 'rt@example.com';

const conn = (value: unknown, ch: Ch): unknown =>
  ((value as Record<string, { active?: { conn?: unknown } }>)[ch]?.active ?? {}).conn;
const fails = (value: unknown, ch: Ch) => conn(value, ch) === 'failed';

/**
 * The connection started by step k (0: the activation, at the page load) up to the next
 * one: whether it opens, and whether a message arrives on it.
 */
function segment(path: PlanPath, k: number, ch: Ch): { opens: boolean; hears: boolean } {
  const id = `${ch}Connection`;
  const started = (path as PlanPath & { started?: string[][] }).started ?? [];
  let opens = false;
  let hears = false;
  for (let j = k + 1; j < path.steps.length; j++) {
    // started[j + 1]: what step j starts; a later connection's events are its own.
    if ((started[j + 1] ?? []).includes(id)) break;
    const type = path.steps[j]!.event.type;
    if (type === 'channel.open') opens = true;
    if (type === 'channel.message') hears = true;
  }
  return { opens, hears };
}

/** Before a connection starts: stall it if it must not open; freeze the channel if it must stay silent. */
async function arrangeConnection(page: Page, path: PlanPath, k: number, ch: Ch): Promise<void> {
  const { opens, hears } = segment(path, k, ch);
  if (!opens) await backOffice(page, 'stallChannel', ch, 1);
  await backOffice(page, 'freezeChannel', ch, !hears);
}

/** The app is up again (after the failure's reload): its API is there. */
async function up(page: Page): Promise<void> {
  // Between documents the evaluation fails: it counts as not up yet.
  await expect
    .poll(() => steady<boolean>(page, '!!window.__TRADER_API__').catch(() => false), {
      message: 'the app did not come back after the reload',
      timeout: 20_000,
      intervals: [100],
    })
    .toBe(true);
}

/**
 * Only the path moves time from here (timers already set keep their due
 * times). Paused a moment ahead of the page's time: it runs on while the
 * command travels.
 */
async function pause(c: UiCtx): Promise<void> {
  for (let n = 0; !c.data.paused; n++) {
    const now = (await c.page.evaluate('Date.now()')) as number;
    c.data.paused = await c.page.clock.pauseAt(now + 250 * (n + 1)).then(
      () => true,
      (e: unknown) => {
        if (n > 4) throw e;
        return false;
      },
    );
  }
}

/** Reconnect attempts since the last message, after the events so far (what the machine counts). */
const attempts = (history: AnyEvent[]) =>
  history.reduce(
    (n, x) =>
      x.type === 'channel.message' || x.type === 'channel.activate'
        ? 0
        : x.type === 'channel.closed' || x.type.startsWith('xstate.after.staleTimeout.')
          ? n + 1
          : n,
    0,
  );

/**
 * Move the page's clock until the step's state shows, half the shortest
 * delay at a time: the silence check set before the clock was paused is
 * due before a full 10 s, and one jump would also fire the reconnect that
 * follows it (half a step later it has not). When the step ends in `failed`, the alert
 * (answered by the dialog listener) and the reload come during the move.
 */
async function pass(c: UiCtx, ms: number): Promise<void> {
  await pause(c);
  const ch = chOf(c.spec);
  const value = c.path.steps[c.i]!.value;
  const want = JSON.stringify(project(value, [ch]));
  const from = (await records(c.page)).length;
  const failing = fails(value, ch);
  const shows = async () =>
    (await records(c.page, from)).some(
      (r) => r.m === 'realtime' && 'v' in r && JSON.stringify(project(r.v, [ch])) === want,
    );
  const step = RECONNECT_STEP_MS / 2;
  for (let gone = 0; gone < ms + RECONNECT_STEP_MS && !(await shows()); gone += step) {
    // The failure's alert and reload interrupt the move.
    const moved = await c.page.clock.runFor(step).then(
      () => true,
      (e: unknown) => {
        if (!failing) throw e;
        return false;
      },
    );
    if (!moved) break;
  }
  if (failing) await seesFailure(c);
}

/** The person sees the connection-failed alert, then the app again. */
async function seesFailure(c: UiCtx): Promise<void> {
  const alerts = c.data.alerts as string[];
  await expect.poll(() => alerts.join('|')).toContain(t('tips.connection_failed'));
  // The reloaded app starts on the page's clock: let it run again.
  await c.page.clock.resume();
  c.data.paused = false;
  await c.data.reloaded;
  await up(c.page);
}

const reconnect: UiStep = async (c) => {
  // The reconnect starts a connection: arranged before it does.
  await arrangeConnection(c.page, c.path, c.i, chOf(c.spec));
  await pass(c, RECONNECT_STEP_MS * Math.max(1, attempts(c.history)));
};

/** How long the path stays silent before it is checked, when that reaches the check's 10 s. */
function outlasts(path: PlanPath): number | undefined {
  let since = 0;
  const history: AnyEvent[] = [];
  for (const { event } of path.steps) {
    const type = event.type;
    if (type === 'channel.activate' || type === 'channel.message' || type.includes('staleTimeout'))
      since = 0;
    else if (type.includes('ReconnectDelay')) {
      since += RECONNECT_STEP_MS * Math.max(1, attempts(history));
      if (since >= STALE_AFTER_MS) return since;
    }
    history.push(event as AnyEvent);
  }
  return undefined;
}

const banner = (p: Page) =>
  p
    .getByRole('alert')
    .filter({ hasText: `${t('tips.network_abnormal')} · ${t('tips.reconnecting')}` });

/** Market: prices silent means the banner (the exchange channel is off in its paths). */
const stale: UiStep = async (c) => {
  if (chOf(c.spec) === 'market') await expect(banner(c.page)).toBeVisible();
  // Exchange: the banner needs every active channel silent, and the market's prices still move.
};
const fresh: UiStep = async (c) => {
  if (chOf(c.spec) === 'market') await expect(banner(c.page)).toHaveCount(0);
};

export const realtimeUi: UiDriver = {
  machine: 'realtime',
  loads: true,
  regions: (spec) => [chOf(spec)],
  itself: ['channel.activate', 'channel.open', 'channel.message'],
  async setup(page, spec, path) {
    const ch = chOf(spec);
    const alerts: string[] = [];
    const data: { alerts: string[]; reloaded?: Promise<unknown> } = { alerts };
    page.on('dialog', (d) => {
      alerts.push(d.message());
      // The failure's alert is followed by a reload: the page is used again only once the new
      // document has loaded (the old one's API answers until it goes, and a call then is lost).
      data.reloaded = page.waitForEvent('load', { timeout: 20_000 });
      void d.accept();
    });
    await page.goto('/login');
    if (ch === 'exchange') {
      const { token } = await backOffice<{ token: string }>(page, 'seedUser', {
        email: EMAIL,
        password: 'secret123',
      });
      // Signed in as the page loads: the exchange channel starts with the app.
      await page.evaluate(
        `localStorage.setItem('session', JSON.stringify({ token: ${JSON.stringify(token)} }))`,
      );
    }
    // The connection the load makes (the back office saves at once: the load's worker reads it).
    await arrangeConnection(page, path, 0, ch);
    return data;
  },
  async open(c) {
    await c.page.goto('/');
    if (c.path.steps.some((x) => x.event.type === 'channel.deactivate')) {
      // Mine's code loads now, while the clock runs: on a paused clock React would keep its
      // placeholder (it reveals a lazy screen by a timer on that clock) and Log out never shows.
      await go(c.page, '/user');
      await expect(c.page.getByRole('button', { name: t('my.logout') })).toBeVisible();
      await go(c.page, '/');
    }
    // From the channel's start on, only the path moves time: a worker slow to start here (the
    // machine is shared) must not let the 10 s silence check fire on the wall clock.
    const key = `${chOf(c.spec)}.idle|channel.activate|0`;
    await expect
      .poll(async () => (await records(c.page)).some((r) => r.k === key), { timeout: 20_000 })
      .toBe(true);
    await pause(c);
    // The worker's simulator may still be loading (its own clock is real): the path waits for it.
    await steady(c.page, 'window.__simulator.ready()');
  },
  events: {
    // Start-up does it (open: the page load; the session's token for the exchange).
    'channel.activate': nothing,
    'channel.open': nothing,
    'channel.message': nothing,
    async 'channel.closed'(c) {
      const ch = chOf(c.spec);
      const failing = fails(c.path.steps[c.i]!.value, ch);
      // A drop that ends in failure alerts and reloads the page at once: the
      // reload may take the call's document before its answer comes back.
      await backOffice(c.page, 'dropChannel', ch).catch((e: unknown) => {
        if (!failing || !String(e).includes('Execution context was destroyed')) throw e;
      });
      if (failing) await seesFailure(c);
    },
    async 'channel.deactivate'(c) {
      if (chOf(c.spec) === 'market')
        throw new Error('the app never switches the price channel off');
      await go(c.page, '/user');
      await c.page.getByRole('button', { name: t('my.logout') }).click();
      await c.page.getByRole('button', { name: t('common.confirm') }).click();
    },
    // Raised by the machine itself when a channel goes silent: never a step of its own.
    'channel.stale': nothing,
  },
  actors: {},
  delays: {
    marketReconnectDelay: reconnect,
    exchangeReconnectDelay: reconnect,
    staleTimeout: (c) => pass(c, STALE_AFTER_MS),
  },
  states: {},
  impossible(path) {
    if (
      chOf(path.spec) === 'market' &&
      path.steps.some((x) => x.event.type === 'channel.deactivate')
    )
      return 'the app never switches the price channel off';
    const late = outlasts(path);
    return late === undefined
      ? undefined
      : `its reconnect delays add up to ${late / 1000} s with no message: the ${STALE_AFTER_MS / 1000} s silence check fires first`;
  },
};

for (const ch of ['market', 'exchange'] as const) {
  const s = realtimeUi.states;
  // Parents, and states whose screen is the same as their neighbours' (prices move or not).
  for (const n of ['', '.active', '.active.conn', '.active.conn.live', '.active.watch'])
    s[`${ch}${n}`] = nothing;
  // Before the app is up (the path's start) or signed out: nothing of the channel to see.
  s[`${ch}.idle`] = nothing;
  s[`${ch}.active.conn.live.connecting`] = nothing;
  s[`${ch}.active.conn.live.open`] = nothing;
  // A moment without updates: nothing shows.
  s[`${ch}.active.conn.reconnecting`] = nothing;
  s[`${ch}.active.conn.failed`] = async (c) => {
    // The alert was seen (the step that failed waited for it), and the page is back.
    expect((c.data.alerts as string[]).join('|')).toContain(t('tips.connection_failed'));
  };
  s[`${ch}.active.watch.fresh`] = fresh;
  s[`${ch}.active.watch.stale`] = stale;
}
