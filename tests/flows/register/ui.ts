/**
 * The register machine driven through /register (specs in
 * paths.ts beside it; words in words.ts, whose
 * form model gives the expected field contents here too).
 *
 * Every outcome is arranged by a real condition, as the headless run does:
 * the site's flags per spec, taken accounts seeded (also "meanwhile", before
 * the reply that finds them), 1110 by asking for a code a moment before, 1042
 * by ten other sign-ups (calls another person makes, without toasts here),
 * 1111 and an expired captcha by moving the simulator's clock; the real code
 * is read from the outbox and the captcha's text from the simulator. One
 * reply is forced: a taken address answered at the code request (1004 /
 * 1045), which the simulator says only at register, to the code's holder,
 * while the spec lets a server say it at once.
 */
import { expect, type Page } from '@playwright/test';
import { refusal, type RegisterContext } from '../../../src/machines/register/machine.ts';
import {
  ACCOUNT_TAKEN_REPLIES,
  CAPTCHA_STALE_REPLIES,
  checkAccount,
  checkCaptcha,
  checkCode,
  checkNewPassword,
} from '../../../src/machines/validation/access.ts';
import { RESEND_SECONDS } from '../../../src/config/constants.ts';
import { splitPhone } from '../../../src/ui/forms/phone.tsx';
import type { AnyEvent } from '../../paths/plan/words.ts';
import { codeOf, codeText } from '../../paths/words/common.ts';
import { form } from './words.ts';
import { apiCall, backOffice, force, go, saved } from '../../e2e/paths/page.ts';
import { burnCode, burst, captchas, keepCaptchas } from './arrange.ts';
import { nothing, type UiCtx, type UiDriver } from '../../paths/ui/driver.ts';
import { main, PASSWORD, passwordBox, RIGHT_CODE, t } from '../../paths/ui/access.kit.ts';

const RIGHT_CAPTCHA = 'RIGHT';
const INVITE_VALID = 'VALID';
const NEWBIE = 'newbie@example.com';
/** Image captchas expire after two minutes (simulator identity state). */
const CAPTCHA_TTL_MS = 2 * 60_000;
const siteOptions = (spec: string) => spec.includes('site options');
const noSms = (spec: string) => spec.includes('without SMS');

type Errors = Partial<Record<'account' | 'code' | 'password' | 'inviteCode', string>>;
/** The fields in the order the screen shows them. */
const ORDER = ['account', 'code', 'password', 'inviteCode'] as const;

/** The form as the path has left it, this step included. */
const now = (c: UiCtx, e?: AnyEvent) => form({ spec: c.spec, history: c.history }, e);
const box = (p: Page, key: string) => main(p).getByRole('textbox', { name: t(key), exact: true });
const button = (p: Page, key: string) => main(p).getByRole('button', { name: t(key), exact: true });
const toastSays = (p: Page, code: number) =>
  expect(p.getByText(codeText({ t }, code)).first()).toBeVisible();

/**
 * The field messages on screen after step `e`, as the machine sets them: a
 * refused step puts its message beside the field it concerns, editing a field
 * takes its own away, switching type, going back and a valid request clear them.
 */
function errors(c: UiCtx, e: AnyEvent): string[] {
  let shown: Errors = {};
  const all = [...c.history, e];
  all.forEach((x, i) => {
    const f = now({ ...c, history: all.slice(0, i) }, x);
    const code = codeOf(x) ?? 0;
    if (x.type === 'code.send') shown = { account: checkAccount(f.kind, f.account) };
    else if (x.type === 'xstate.done.actor.sendCode' && code)
      shown = [...ACCOUNT_TAKEN_REPLIES, 1016, 23558].includes(code)
        ? { account: `code.${code}` }
        : {};
    else if (x.type === 'form.submit')
      shown = {
        code: f.captcha ? checkCaptcha(f.code) : checkCode(f.code),
        password: checkNewPassword(f.password),
      };
    else if (x.type === 'xstate.done.actor.register' && code)
      shown = refusal({ errors: shown } as RegisterContext, code).errors as Errors;
    else if (x.type === 'field.change' && !(x.field === 'inviteCode' && siteOptions(c.spec)))
      shown = { ...shown, [x.field as string]: undefined };
    else if (['type.change', 'back', 'code.resend'].includes(x.type)) shown = {};
  });
  return ORDER.map((k) => shown[k])
    .filter((k): k is string => !!k)
    .map((k) => t(k));
}

export const registerUi: UiDriver = {
  machine: 'register',
  async setup(page, spec, path) {
    await page.goto('/login');
    // Only the accounts the path names (each seeding hashes a password).
    const names = (v: string) => path.steps.some((x) => (x.event as AnyEvent).value === v);
    const ann =
      names('ann@example.com') || names(INVITE_VALID)
        ? await backOffice<{ token: string }>(page, 'seedUser', {
            email: 'ann@example.com',
            password: PASSWORD,
          })
        : undefined;
    if (names('+1 415 555 2671'))
      await backOffice(page, 'seedUser', { phone: '14155552671', password: PASSWORD });
    const flags = {
      PHONE_REGISTER: !siteOptions(spec),
      phoneCaptcha: noSms(spec),
      hideRegisterInviteCode: siteOptions(spec),
      sendRegisterCompleteMail: !siteOptions(spec),
    };
    const was = await backOffice<Record<string, boolean>>(page, 'flags');
    const change = Object.entries(flags).filter(([name, on]) => was[name] !== on);
    for (const [name, on] of change) await backOffice(page, 'setFlag', name, on);
    const load = async () => {
      // Saved before the page load, which reads the flags (and session).
      await saved(page);
      await page.goto('/');
      await page.waitForFunction('!!window.__TRADER_API__');
    };
    const data: Record<string, unknown> = {};
    if (path.steps.some((s) => (s.event as AnyEvent).value === INVITE_VALID)) {
      // Ann's invite code, as a person notes it from her page: signed in as ann, then out.
      const session = `JSON.stringify({ token: ${JSON.stringify(ann?.token)} })`;
      await page.evaluate(`localStorage.setItem('session', ${session})`);
      await load();
      const info = await apiCall<{ data: { inviteCode: string } }>(page, 'userInfo');
      data.invite = info.data.inviteCode;
      await page.evaluate(`localStorage.removeItem('session')`);
    }
    // The page reads the flags as it loads; the simulator's defaults need no second load.
    if (change.length > 0 || data.invite) await load();
    else await go(page, '/');
    await page.waitForFunction('!!window.__TRADER_API__');
    await keepCaptchas(page);
    return data;
  },
  open: (c) => go(c.page, '/register'),
  events: {
    'type.change': (c, e) =>
      main(c.page)
        .getByRole('group', { name: t('login.accountType') })
        .getByRole('button', { name: t(e.value === 'P' ? 'login.phone' : 'login.email') })
        .click(),
    async 'field.change'(c, e) {
      const p = c.page;
      const f = now(c);
      const value = e.value as string;
      if (e.field === 'account') {
        if (f.kind === 'E') return box(p, 'login.email').fill(value);
        const [dial, rest] = splitPhone(value);
        await main(p)
          .getByRole('combobox', { name: t('form.dialCode') })
          .selectOption(dial);
        return box(p, 'login.phone').fill(rest);
      }
      if (e.field === 'password') return passwordBox(p).fill(value);
      if (e.field === 'inviteCode')
        return box(p, 'register.inviteCode').fill(
          value === INVITE_VALID ? (c.data.invite as string) : value,
        );
      if (f.captcha) {
        let text = value;
        if (value === RIGHT_CAPTCHA) {
          // The image shown now: one per stale reply on the path so far, after the first.
          const shown =
            1 + c.history.filter((x) => CAPTCHA_STALE_REPLIES.includes(codeOf(x) ?? 0)).length;
          await expect.poll(async () => (await captchas(p)).length).toBeGreaterThanOrEqual(shown);
          const uuid = (await captchas(p)).at(-1)!;
          text = (await backOffice<string | undefined>(p, 'captchaText', uuid)) ?? '';
        }
        c.data.code = text;
        return box(p, 'register.captcha').fill(text);
      }
      const code =
        value === RIGHT_CODE ? ((await backOffice<string>(p, 'lastCode', f.account)) ?? '') : value;
      c.data.code = code;
      await main(p)
        .getByRole('textbox', { name: t('login.code') })
        .fill(code);
    },
    'code.send': (c) => button(c.page, now(c).captcha ? 'common.next' : 'register.getCode').click(),
    'code.resend': (c) => button(c.page, 'register.resend').click(),
    'form.submit': (c) => button(c.page, 'nav.register').click(),
    back: (c) =>
      main(c.page)
        .locator('form')
        .getByRole('button', { name: t('common.back') })
        .click(),
    'countdown.tick': (c) => c.page.clock.runFor(1000),
    async 'countdown.done'(c) {
      // A minute for the server too, so it takes the resend; then for the page's countdown.
      await backOffice(c.page, 'skipTime', RESEND_SECONDS * 1000);
      await c.page.clock.runFor(RESEND_SECONDS * 1000);
    },
  },
  actors: {
    sendCode: {
      async done(c, e) {
        // Someone asked for a code for this address a moment ago.
        if (codeOf(e) === 1110)
          await apiCall(c.page, 'sendMail', { email: NEWBIE, type: '1', locale: 'en' });
        const taken = codeOf(e);
        if (taken === 1004 || taken === 1045)
          await force(c.page, { call: taken === 1004 ? 'sendMail' : 'sendPhone', code: taken });
      },
    },
    resendCode: {
      async done(c, e) {
        // Someone else registers the address meanwhile (and a server says so at once).
        if (codeOf(e) === 1004) {
          await backOffice(c.page, 'seedUser', { email: NEWBIE, password: PASSWORD });
          await force(c.page, { call: 'sendMail', code: 1004 });
        }
      },
    },
    register: {
      async done(c, e) {
        const code = codeOf(e);
        if (code === 1004)
          await backOffice(c.page, 'seedUser', { email: NEWBIE, password: PASSWORD });
        if (code === 1042) await burst(c.page);
        if (code === 1111) await burnCode(c.page);
        if (code === 23555) await backOffice(c.page, 'skipTime', CAPTCHA_TTL_MS + 1000);
      },
    },
    sendCompleteMail: { done: nothing },
  },
  hold: {
    // The page's clock is frozen: the countdown ends only when a path says.
    countdown: nothing,
    // The captcha runs as long as step 2 is open; it has no reply to hold.
    captcha: nothing,
  },
  delays: {},
  states: {
    async account(c, e) {
      const p = c.page;
      const f = now(c, e);
      await expect(button(p, f.captcha ? 'common.next' : 'register.getCode')).toBeVisible();
      if (f.kind === 'E') await expect(box(p, 'login.email')).toHaveValue(f.account);
      else await expect(box(p, 'login.phone')).toHaveValue(splitPhone(f.account)[1]);
      const code = codeOf(e);
      if (code) await toastSays(p, code);
      await expect(main(p).locator('.field-error')).toHaveText(errors(c, e));
    },
    sendingCode: nothing, // in flight: the recorder shows it passing; the reply follows at once
    // The code step says where the code went; the image step sent nothing and says nothing.
    details: (c, e) =>
      expect(
        main(c.page).getByText(t('register.sentTo', { account: now(c, e).account })),
      ).toHaveCount(now(c, e).captcha ? 0 : 1),
    'details.form': nothing,
    async 'details.form.editing'(c, e) {
      const p = c.page;
      const f = now(c, e);
      await expect(button(p, 'nav.register')).toBeEnabled();
      await expect(passwordBox(p)).toHaveValue(f.password);
      const hidden = siteOptions(c.spec);
      await expect(box(p, 'register.inviteCode')).toHaveCount(hidden ? 0 : 1);
      const code = codeOf(e);
      if (e.type === 'xstate.done.actor.register' && code) await toastSays(p, code);
      await expect(main(p).locator('.field-error')).toHaveText(errors(c, e));
    },
    'details.form.submitting': nothing,
    'details.verify': nothing,
    'details.verify.captcha': (c) =>
      expect(main(c.page).getByRole('img', { name: t('register.captchaImage') })).toBeVisible(),
    'details.verify.counting': (c) =>
      expect(
        main(c.page).getByText(
          new RegExp(t('register.resendIn', { seconds: 999 }).replace('999', '\\d+')),
        ),
      ).toBeVisible(),
    async 'details.verify.canResend'(c, e) {
      await expect(button(c.page, 'register.resend')).toBeVisible();
      const code = codeOf(e);
      if (e.type === 'xstate.done.actor.resendCode' && code) await toastSays(c.page, code);
    },
    'details.verify.resending': nothing,
    completing: nothing,
    async done(c, e) {
      const p = c.page;
      await expect(p.getByText(t('sign_up_success')).first()).toBeVisible();
      await expect(p).toHaveURL(/\/login$/);
      const f = now(c, e);
      // Sign-in opens with the new account filled in.
      if (f.kind === 'E') await expect(box(p, 'login.email')).toHaveValue(f.account);
      else await expect(box(p, 'login.phone')).toHaveValue(splitPhone(f.account)[1]);
    },
  },
  impossible: (path) =>
    siteOptions(path.spec) && path.steps.some((s) => (s.event as AnyEvent).field === 'inviteCode')
      ? 'the invite code field is hidden (hideRegisterInviteCode): nobody can type in it'
      : undefined,
};
