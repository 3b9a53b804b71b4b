/**
 * The session machine driven through the screens (specs in
 * paths.ts beside it; words in words.ts). The machine
 * lives as long as the app: every path starts with a page load (`loads`),
 * signed out, and signs in through the sign-in form as a person does; the
 * second sign-in of a path is the switch to the demo account.
 *
 * Arranged as the words say: refusals are forced (Faults: user info 1002 and
 * 500, unread count 500, session check -1 and 500, refresh 1044); sessions
 * ended elsewhere by the back office (the next call meets a 401, whose
 * renewal is refused); virtual trading switched off in the back office, then
 * read again on focus. The check's clock is the server's
 * (src/ui/boot/services.ts): a check "due" or "expired" is the server's time
 * skipped to 4 minutes before the token's end, or past it, before the check's
 * interval fires. A token stored before lunch: signed in, the server's time
 * skipped past the token's end, the page loaded again (the app starts from
 * the server's offset it learned; armed faults survive the load).
 */
import { expect, type Page } from '@playwright/test';
import { SESSION_CHECK_MS } from '../../../src/config/constants.ts';
import { decodeToken } from '../../../src/state/session.ts';
import { makeW } from '../../paths/plan/words.ts';
import { codeOf } from '../../paths/words/common.ts';
import { apiCall, backOffice, force, go, saved } from '../../e2e/paths/page.ts';
import { nothing, type UiDriver } from '../../paths/ui/driver.ts';

const w = makeW('en');
const t = w.t;
const EMAIL = 'ann@example.com';
const PASSWORD = 'secret123';
const MIN = 60_000;

type Check = 'fresh' | 'due' | 'expired' | 'invalid' | 'down';
/** Where the check lands relative to the token's end (paths.ts CHECKS). */
const BEFORE: Record<Check, number> = {
  fresh: 0,
  due: 4 * MIN,
  expired: -1000,
  invalid: 0,
  down: 0,
};

/** The sign-in screen's title (the phone's top bar has no sign-in link). */
const signInTitle = (p: Page) => p.getByRole('heading', { name: t('nav.login'), exact: true });
const toastSays = (p: Page, text: string) => expect(p.getByText(text).first()).toBeVisible();
const isLate = (e: object) => (e as { at?: number }).at === 31 * MIN;
const isRenewal = (e: object) => (e as { renewed?: boolean }).renewed === true;
type Outcome = 'renewed' | 'refused' | 'unreachable';
const outcomeOf = (e: object) => (e as { output?: { outcome?: Outcome } }).output?.outcome;

/** The stored token's end (ms). */
async function storedEnd(p: Page): Promise<number> {
  const token = (await p.evaluate(`JSON.parse(localStorage.getItem('session')).token`)) as string;
  return (decodeToken(token)?.exp ?? 0) * 1000;
}

/** Skip the server's time to `before` ms ahead of the stored token's end (negative: past it). */
async function skipTo(p: Page, before: number): Promise<void> {
  const skip = (await storedEnd(p)) - before - (await backOffice<number>(p, 'now'));
  if (skip > 0) await backOffice(p, 'skipTime', skip);
  // real delay: a quote of the live feed brings the skipped time to the page; nothing marks it.
  await p.waitForTimeout(1500);
}

/** Sign in through the form, as a person does. */
async function signInForm(p: Page): Promise<void> {
  const form = p.getByRole('main');
  await form.getByLabel('E-mail').fill(EMAIL);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: t('nav.login') }).click();
}

/** The app regains focus (the person clicks back into the window). */
const focus = async (p: Page) => void (await p.evaluate(`dispatchEvent(new Event('focus'))`));

export const sessionUi: UiDriver = {
  machine: 'session',
  loads: true,
  async setup(page) {
    await page.goto('/login');
    const { uid } = await backOffice<{ uid: string }>(page, 'seedUser', {
      email: EMAIL,
      password: PASSWORD,
    });
    // Saved before the path's page load, which reads the user back.
    await saved(page);
    return { uid };
  },
  // The app starts signed out (the session machine starts with it).
  open: (c) => c.page.goto('/login').then(() => undefined),
  events: {
    async 'session.signedIn'(c, e) {
      const p = c.page;
      if (isRenewal(e)) {
        // The token ends between two checks; the next read meets a 401 and renews it.
        await skipTo(p, -1000);
        const r = await apiCall(p, 'userBalance');
        expect(r.code).toBe(0);
        return;
      }
      if (isLate(e)) {
        // Signed in before lunch, the app closed (the session is stored, nothing runs); back
        // after it, the app is opened again. The page stays signed out meanwhile, so no call
        // of it meets the expired token before the new load.
        const r = await apiCall<{ data: { token: string; refreshToken: string } }>(p, 'login', {
          username: EMAIL,
          password: PASSWORD,
          type: 'E',
        });
        await p.evaluate(
          `localStorage.setItem('session', ${JSON.stringify(JSON.stringify(r.data))})`,
        );
        await skipTo(p, -MIN);
        await saved(p);
        // Opened at home (a reload, so the recorder keeps what it saw): /login would say
        // "already logged in".
        await p.evaluate(`history.replaceState(null, '', '/')`);
        await p.reload();
        return;
      }
      if (c.history.some((x) => x.type === 'session.signedIn')) {
        // The demo/real switch stores a new token.
        await p
          .getByRole('button', { name: new RegExp(t('account.toDemo')) })
          .first()
          .click();
        await p
          .getByRole('dialog', { name: t('account.switchTitle') })
          .getByRole('button', { name: t('common.confirm') })
          .click();
        return;
      }
      await signInForm(p);
    },
    async 'session.cleared'(c) {
      // Sessions ended elsewhere: the unread count read on focus meets a 401, and the
      // renewal it asks for is refused.
      await backOffice(c.page, 'logoutUser', c.data.uid);
      await focus(c.page);
    },
    async 'session.logout'(c) {
      await go(c.page, '/user');
      await c.page.getByRole('button', { name: t('my.logout') }).click();
      await c.page
        .getByRole('dialog', { name: t('my.logout') })
        .getByRole('button', { name: t('common.confirm') })
        .click();
    },
    'window.focus': (c) => focus(c.page),
    async 'unread.refresh'(c) {
      await go(c.page, '/user/notification');
      await c.page.getByRole('button', { name: /Hello/ }).first().click();
    },
    async 'user.reload'(c) {
      await go(c.page, '/user');
      await c.page.getByRole('button', { name: t('common.refresh') }).click();
    },
    async 'flags.change'(c) {
      // Switched off in the back office; the app reads its config again on focus.
      await backOffice(c.page, 'setFlag', 'virtualTrading', false);
      await focus(c.page);
    },
  },
  actors: {
    userInfo: {
      async done(c, e) {
        const code = codeOf(e);
        if (code === 1002) await force(c.page, { call: 'userInfo', code: 1002 });
        if (code === -1) await force(c.page, { call: 'userInfo', status: 500 });
      },
    },
    unreadCount: {
      async done(c, e) {
        if (codeOf(e) === -1) await force(c.page, { call: 'unreadCount', status: 500 });
        else await backOffice(c.page, 'sendMessage', c.data.uid, 'Hello', 'A message for you');
      },
    },
    check: {
      async done(c, e) {
        const cls = ((e as { cls?: Check }).cls ?? 'fresh') as Check;
        c.data.check = cls;
        if (cls === 'invalid') await force(c.page, { call: 'sessionCheck', code: -1 });
        if (cls === 'down') await force(c.page, { call: 'sessionCheck', status: 500 });
      },
    },
    refresh: {
      async done(c, e) {
        const outcome = outcomeOf(e);
        if (outcome === 'refused') await force(c.page, { call: 'refresh', code: 1044 });
        if (outcome === 'unreachable') await force(c.page, { call: 'refresh', status: 500 });
      },
    },
  },
  // The token watcher reports the person's sign-ins and sign-outs: no reply to hold.
  hold: { watchToken: nothing },
  delays: {
    async checkInterval(c) {
      const cls = c.data.check as Check;
      // The check runs on the server's clock: skip the server's time to where the path
      // wants the check against the token's end (console Market ▸ Skip, as the words say),
      // and let a quote bring the new time to the page before the interval fires. The skip
      // lands there already: the page's clock jumps the interval below, the server's does
      // not, and a quote read between the jump and the check brings the page back to it.
      if (cls === 'due' || cls === 'expired') await skipTo(c.page, BEFORE[cls]);
      await c.page.clock.fastForward(SESSION_CHECK_MS);
    },
  },
  states: {
    async signedOut(c, e) {
      const type = e.type;
      if (type === 'session.logout') await toastSays(c.page, t('log_out_success'));
      // A refused renewal: one plain message at sign in, never "Please login first".
      if (type === 'session.cleared' || type === 'xstate.done.actor.refresh') {
        await toastSays(c.page, t('tips.session_expired'));
        await expect(c.page.getByText(t('tips.login_required'))).toHaveCount(0);
      }
      if (type === 'xstate.done.actor.check' && c.data.check === 'invalid')
        await expect(c.page).toHaveURL(/\/$/);
      // Signed out, My page asks to sign in (the path ends here, or starts on that screen).
      if (c.i >= 0) await go(c.page, '/user');
      await expect(signInTitle(c.page)).toBeVisible();
    },
    // Signed in, the app has left the sign-in screen.
    signedIn: (c) => expect(signInTitle(c.page)).toHaveCount(0),
    'signedIn.loadingUser': nothing,
    'signedIn.loadingUnread': nothing,
    async 'signedIn.idle'(c, e) {
      // Renewed, by a check or by a read's 401: still signed in, nothing said.
      if (e.type === 'xstate.done.actor.refresh' || isRenewal(e))
        await expect(c.page.getByText(t('tips.login_required'))).toHaveCount(0);
    },
    'signedIn.checking': nothing,
    'signedIn.refreshing': nothing,
  },
  // Asked for during a token renewal, which answers at once here (automated only in the QA plan
  // too); the machine paths cover it.
  impossible: (path) =>
    path.transitions
      .flat()
      .some((k) => k === 'signedIn|user.reload|0' || k === 'signedIn|unread.refresh|0')
      ? 'a reload asked for while the token is renewed: the renewal answers at once'
      : undefined,
};
