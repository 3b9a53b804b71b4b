/**
 * The login machine driven through /login (specs in
 * paths.ts beside it; words in words.ts, whose form model
 * gives the expected field contents here too).
 *
 * Arranged as the headless run does: both accounts seeded, the second factor
 * switched on or off for them by the back office before the sign-in starts,
 * the real second-factor code read from the simulator's outbox; forced
 * (Faults) only where the path wants a refusal of right credentials (1108)
 * or of the right code (1020).
 */
import { expect, type Page } from '@playwright/test';
import {
  checkCode,
  checkLoginPassword,
  checkLoginUsername,
} from '../../../src/machines/validation/access.ts';
import type { AnyEvent } from '../../paths/plan/words.ts';
import { codeOf, codeText } from '../../paths/words/common.ts';
import { account, form } from './words.ts';
import { splitPhone } from '../../../src/ui/forms/phone.tsx';
import { backOffice, force, go } from '../../e2e/paths/page.ts';
import { nothing, type UiCtx, type UiDriver } from '../../paths/ui/driver.ts';
import { main, PASSWORD, passwordBox, RIGHT_CODE, t } from '../../paths/ui/access.kit.ts';
import { EMAIL, PHONE } from '../../paths/words/access.screen.ts';

/** The form as the path has left it, this step included. */
const now = (c: UiCtx, e?: AnyEvent) => form({ spec: c.spec, history: c.history }, e);
const emailBox = (p: Page) => main(p).getByRole('textbox', { name: t('login.email') });
const phoneBox = (p: Page) => main(p).getByRole('textbox', { name: t('login.phone') });
const codeBox = (p: Page) => main(p).getByRole('textbox', { name: t('login.code') });
const fieldErrors = (p: Page) => main(p).locator('.field-error');
const toastSays = (p: Page, text: string) => expect(p.getByText(text).first()).toBeVisible();
/**
 * The field messages on screen: a submit refused by the form shows them, editing
 * a field takes its own away, switching the account type or the step clears them.
 */
function errors(c: UiCtx, e: AnyEvent): string[] {
  let shown: Record<string, string | undefined> = {};
  const all = [...c.history, e];
  all.forEach((x, i) => {
    const f = form({ spec: c.spec, history: all.slice(0, i) }, x);
    if (x.type === 'form.submit')
      shown = f.second
        ? { code: checkCode(f.code) }
        : {
            username: checkLoginUsername(f.kind, f.username),
            password: checkLoginPassword(f.password),
          };
    else if (x.type === 'field.change') shown[x.field as string] = undefined;
    else if (x.type === 'type.change' || x.type === 'back' || x.type === 'xstate.done.actor.signIn')
      shown = {};
  });
  return Object.values(shown)
    .filter((k): k is string => !!k)
    .map((k) => t(k));
}

/** The seeded account the form names (by e-mail or phone). */
const uidOf = (c: UiCtx) => c.data[now(c).kind === 'P' ? 'phoneUid' : 'emailUid'] as string;

export const loginUi: UiDriver = {
  machine: 'login',
  async setup(page, _spec, path) {
    await page.goto('/login');
    // Only the accounts the path names (each seeding hashes a password).
    const names = (v: string) => path.steps.some((x) => (x.event as AnyEvent).value === v);
    const seed = async (user: Record<string, string>) =>
      (await backOffice<{ uid: string }>(page, 'seedUser', { ...user, password: PASSWORD })).uid;
    const a = names(EMAIL) ? await seed({ email: EMAIL }) : undefined;
    const p = names(PHONE) ? await seed({ phone: '14155552671' }) : undefined;
    // The spec's input, phones may sign in, is the simulator's default (PHONE_REGISTER):
    // no page load is needed; leave the form, so that opening it starts a new machine.
    expect((await backOffice<Record<string, boolean>>(page, 'flags')).PHONE_REGISTER).toBe(true);
    await go(page, '/');
    await page.waitForFunction('!!window.__TRADER_API__');
    return { emailUid: a, phoneUid: p };
  },
  open: (c) => go(c.page, '/login'),
  events: {
    async 'field.change'(c, e) {
      const p = c.page;
      if (e.field === 'password') return passwordBox(p).fill(e.value as string);
      if (e.field === 'code') {
        // 111111 stands for the code the server just sent (the outbox has it).
        const code =
          e.value === RIGHT_CODE
            ? await backOffice<string>(p, 'lastCode', uidOf(c))
            : (e.value as string);
        c.data.code = code;
        return codeBox(p).fill(code);
      }
      if (now(c).kind === 'E') return emailBox(p).fill(e.value as string);
      const [dial, rest] = splitPhone(e.value as string);
      await main(p)
        .getByRole('combobox', { name: t('form.dialCode') })
        .selectOption(dial);
      await phoneBox(p).fill(rest);
    },
    'type.change': (c, e) =>
      main(c.page)
        .getByRole('group', { name: t('login.accountType') })
        .getByRole('button', { name: t(e.value === 'P' ? 'login.phone' : 'login.email') })
        .click(),
    'remember.toggle': (c) =>
      main(c.page)
        .getByRole('checkbox', { name: t('login.remember') })
        .click(),
    'rememberPassword.toggle': (c) =>
      main(c.page)
        .getByRole('checkbox', { name: t('login.rememberPassword') })
        .click(),
    'form.submit': (c) =>
      main(c.page)
        .getByRole('button', { name: t(now(c).second ? 'login.verify' : 'nav.login'), exact: true })
        .click(),
    back: (c) =>
      main(c.page)
        .locator('form')
        .getByRole('button', { name: t('common.back') })
        .click(),
  },
  actors: {
    signIn: {
      async done(c, e) {
        const twoFactor =
          (e.output as { data?: { qrcodeStatus?: number } | null }).data?.qrcodeStatus === 0;
        for (const uid of [c.data.emailUid, c.data.phoneUid])
          if (uid) await backOffice(c.page, 'setTwoFactor', uid, twoFactor);
        const f = now(c);
        // Right credentials the path wants refused; wrong ones the simulator refuses itself.
        if (codeOf(e) === 1108 && account(f) && f.password === PASSWORD)
          await force(c.page, { call: 'login', code: 1108 });
      },
    },
    verify: {
      async done(c, e) {
        if (codeOf(e) === 1020 && now(c).code === RIGHT_CODE)
          await force(c.page, { call: 'login', code: 1020 });
      },
    },
  },
  delays: {},
  states: {
    async credentials(c, e) {
      const p = c.page;
      const f = now(c, e);
      await expect(
        main(p).getByRole('button', { name: t('nav.login'), exact: true }),
      ).toBeVisible();
      await expect(f.kind === 'P' ? phoneBox(p) : emailBox(p)).toBeVisible();
      await expect(passwordBox(p)).toHaveValue(f.password);
      if (f.kind === 'E') await expect(emailBox(p)).toHaveValue(f.username);
      if (e.type === 'xstate.done.actor.signIn') {
        const code = codeOf(e) ?? 0;
        await toastSays(p, codeText({ t }, code));
      }
      await expect(fieldErrors(p)).toHaveText(errors(c, e));
    },
    signingIn: nothing, // in flight: the recorder shows it passing; the reply follows at once
    async secondFactor(c, e) {
      const p = c.page;
      const f = now(c, e);
      await expect(main(p).getByText(t('login.secondFactorHint'))).toBeVisible();
      // The code field takes focus when the step is asked for and after a refused code.
      if (e.type.startsWith('xstate.done.actor.')) await expect(codeBox(p)).toBeFocused();
      await expect(codeBox(p)).toHaveValue(
        f.code === RIGHT_CODE ? (c.data.code as string) : f.code,
      );
      if (e.type === 'xstate.done.actor.verify')
        await toastSays(p, codeText({ t }, codeOf(e) as number));
      await expect(fieldErrors(p)).toHaveText(errors(c, e));
    },
    verifying: nothing,
    async signedIn(c) {
      await toastSays(c.page, t('login_success'));
      await expect(c.page).toHaveURL(/\/$/);
    },
  },
};
