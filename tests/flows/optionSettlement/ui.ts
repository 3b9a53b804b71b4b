/**
 * The option settlement machine driven through the screens (specs in
 * paths.ts; words in words.ts): the "place view" is the drawer after placing a
 * 30 s option on /BTCUSDT/placeOption, the "list view" a row of Positions in
 * option mode.
 *
 * As the headless run does, the client's clock runs ahead of the server's:
 * the page's frozen clock jumps past the option's end, so the countdown ends
 * while the server is still before it and "not settled yet" is its real
 * answer. "Complete" is arranged by skipping the server's time to the end
 * (it then settles the option for real). An unreadable result is forced
 * (Faults: userOptionDetail 402), as the words tell a person to do.
 *
 * The list view's machine must start after the end while the server still
 * lists the option as running: the market channel is frozen (no quote
 * re-teaches the server's time) before the device's clock jumps, then
 * Positions is opened. Its screen's code is loaded once before (see
 * `loadPositionsScreen`): with the clock paused, a screen opened for the
 * first time would stay on its placeholder.
 */
import { expect, type Page } from '@playwright/test';
import {
  OPTION_TICK_MS,
  SETTLE_FIRST_POLL_MS,
  SETTLE_POLL_MS,
} from '../../../src/config/constants.ts';
import { makeW } from '../../paths/plan/words.ts';
import { codeOf, codeText } from '../../paths/words/common.ts';
import { apiCall, backOffice, enterAs, force, go } from '../../e2e/paths/page.ts';
import { nothing, type UiCtx, type UiDriver } from '../../paths/ui/driver.ts';

const w = makeW('en');
const t = w.t;
const place = (spec: string) => spec.includes('place view');
const term = (spec: string) => (place(spec) ? 30 : 60);
const SYMBOL = 'BTCUSDT';

const dialog = (p: Page, title: string) => p.getByRole('dialog', { name: title });
const toastSays = (p: Page, text: string) => expect(p.getByText(text).first()).toBeVisible();

/** The option placed by the path, as the server has it. */
async function theOption(c: UiCtx): Promise<{ uid: string; endTime: number }> {
  const r = await apiCall<{
    code: number;
    data: { items: Array<{ uid: string; endTime: number }> };
  }>(c.page, 'userOptionHistory', { page: 1, limit: 10, positionStatus: 0 });
  const o = r.data.items[0];
  if (!o) throw new Error('optionSettlement: no running option on the server');
  return o;
}

/** Place the option through the form, as a person does (the place view's machine starts). */
async function placeOption(page: Page, spec: string): Promise<void> {
  await go(page, `/${SYMBOL}/placeOption?direction=0`);
  await page.getByRole('radio', { name: new RegExp(`^${term(spec)}s`) }).click();
  await page.getByLabel(t('option.amount'), { exact: true }).fill('10');
  await page.getByRole('button', { name: t('option.placeLong', { symbol: SYMBOL }) }).click();
  await expect(dialog(page, t('option.placedTitle'))).toBeVisible();
  // The installed clock runs on its own (the screens load on it): from now on, only the path moves it.
  // A little ahead of the page's now; on a busy machine the page's clock may pass that before
  // the call lands ("Cannot fast-forward to the past"): then further ahead.
  for (let ahead = 50; ; ahead *= 4) {
    const now = (await page.evaluate('Date.now()')) as number;
    const ok = await page.clock.pauseAt(now + ahead).then(
      () => true,
      (e: Error) => {
        if (ahead >= 3200 || !/to the past/.test(e.message)) throw e;
        return false;
      },
    );
    if (ok) break;
  }
}

/**
 * The device's clock passes the option's end (timers due fire once, a tick
 * among them). The market channel goes silent first: a quote arriving would
 * re-teach the server's time (src/state/server-clock.ts) before the tick.
 */
async function passTheEnd(c: UiCtx): Promise<void> {
  await backOffice(c.page, 'freezeChannel', 'market', true);
  // Quotes already on their way still land: let them, before the device's clock jumps, or one
  // arriving after the jump re-teaches the server's time (still before the end).
  // real delay: quotes in flight carry no mark of being the last.
  await c.page.waitForTimeout(1000);
  await c.page.clock.fastForward(term(c.spec) * 1000 + 1000);
}

/**
 * Open Positions once while the page's clock still runs. A screen's first
 * opening loads its code behind a placeholder, and React reveals it no
 * sooner than 300 ms after the placeholder showed, by a timer on the page's
 * clock; once that clock is paused (only the path moves it) the screen would
 * never show and no row's machine would start. A person's clock always runs.
 */
async function loadPositionsScreen(page: Page): Promise<void> {
  await go(page, '/position');
  await expect(page.getByRole('heading', { name: t('nav.position') })).toBeVisible();
}

/** In the list view the option has no row once its countdown is over (nor a drawer: never opened). */
const notListed = (c: UiCtx) =>
  expect(c.page.getByRole('button', { name: new RegExp(`^${SYMBOL} `) })).toHaveCount(0);

export const optionSettlementUi: UiDriver = {
  machine: 'optionSettlement',
  async setup(page) {
    await page.addInitScript(
      `localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'option' }))`,
    );
    const uid = await enterAs(page, {
      email: 'settle@example.com',
      password: 'secret123',
      deposit: 1000,
    });
    return { uid };
  },
  async open(c) {
    if (!place(c.spec)) await loadPositionsScreen(c.page);
    await placeOption(c.page, c.spec);
    if (place(c.spec)) return;
    // List view: leave the form (its machine stops), then watch from Positions after the end.
    await c.page
      .getByRole('button', { name: t('common.close') })
      .first()
      .click();
    await expect(dialog(c.page, t('option.placedTitle'))).toHaveCount(0);
    await passTheEnd(c);
    await go(c.page, '/position');
  },
  events: {},
  actors: {
    check: {
      async done(c, e) {
        const out = e.output as { data?: { completed?: boolean } };
        if (!out.data?.completed) return; // the server is before the end: its real answer
        const { endTime } = await theOption(c);
        const now = await backOffice<number>(c.page, 'now');
        if (endTime >= now) await backOffice(c.page, 'skipTime', endTime - now + 100);
      },
    },
    result: {
      async done(c, e) {
        if (codeOf(e) !== 0) await force(c.page, { call: 'userOptionDetail', code: codeOf(e) });
      },
    },
  },
  delays: {
    async tick(c) {
      // The tick that ends the countdown is the one the path takes out of `running`.
      if (c.path.steps[c.i]!.value === 'running') await c.page.clock.runFor(OPTION_TICK_MS);
      else await passTheEnd(c);
    },
    firstPoll: (c) => c.page.clock.runFor(SETTLE_FIRST_POLL_MS),
    poll: (c) => c.page.clock.runFor(SETTLE_POLL_MS),
  },
  states: {
    async running(c) {
      const d = dialog(c.page, t('option.placedTitle'));
      await expect(d.getByText(t('option.placedText', { time: `${term(c.spec)}s` }))).toBeVisible();
      await expect(d.getByRole('progressbar')).toBeVisible();
    },
    async settling(c) {
      if (!place(c.spec)) return notListed(c);
      const d = dialog(c.page, t('option.settlement'));
      await expect(d.getByRole('status').getByText(t('option.settling'))).toBeVisible();
    },
    'settling.waiting': nothing,
    'settling.checking': nothing,
    'settling.pausing': nothing,
    'settling.fetching': nothing,
    async settled(c) {
      const d = dialog(c.page, t('option.settlement'));
      const outcome = [t('option.won'), t('option.lost'), t('option.tie')].join('|');
      await expect(d.getByText(new RegExp(`^(${outcome}) `))).toBeVisible();
      await expect(d.getByText(t('option.settledAt'))).toBeVisible();
    },
    async failed(c, e) {
      if (!place(c.spec)) return notListed(c);
      if (e.type === 'xstate.done.actor.result')
        await toastSays(c.page, codeText({ t }, codeOf(e) as number));
      await toastSays(c.page, t('position.fail_result_check_history'));
      await expect(c.page).toHaveURL(/\/history$/);
    },
  },
};
