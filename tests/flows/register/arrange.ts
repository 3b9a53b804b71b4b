/**
 * Conditions the register driver (ui.ts) arranges in the page: other
 * people's calls (1042), a code past its life (1111) and the captcha uuids the app receives (the
 * uuid is not on the screen; the simulator gives the text of a uuid).
 */
import { expect, type Page } from '@playwright/test';
import { backOffice } from '../../e2e/paths/page.ts';

const PASSWORD = 'secret123';
/** Verification codes live ten minutes (simulator identity state). */
const CODE_TTL_MS = 10 * 60_000;

/** Keep the captcha uuids the app's client receives, newest last (window.__CAPTCHAS__). */
export const keepCaptchas = (p: Page) =>
  p.evaluate(`(() => {
    const api = window.__TRADER_API__, call = api.call;
    window.__CAPTCHAS__ = [];
    api.call = async (...a) => {
      const r = await call(...a);
      if (a[0] === 'getImageCode' && r.reply && r.reply.uuid) window.__CAPTCHAS__.push(r.reply.uuid);
      return r;
    };
  })()`);

/** The captcha uuids the page was given, newest last. */
export const captchas = (p: Page) => p.evaluate('window.__CAPTCHAS__ ?? []') as Promise<string[]>;

/** A call as another person would make it (no toasts on this screen). */
const quietCall = (p: Page, call: string, params: unknown) =>
  p.evaluate(
    `window.__TRADER_API__.call(${JSON.stringify(call)}, ${JSON.stringify(params)}, { noAlert: true })`,
  ) as Promise<{ code: number }>;

/** Ten other sign-ups within the last minute (1042). */
export async function burst(p: Page): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const email = `burst${i}@example.com`;
    await quietCall(p, 'sendMail', { email, type: '1', locale: 'en' });
    const code = await backOffice<string>(p, 'lastCode', email);
    const params = { username: email, password: PASSWORD, code, type: 'E', locale: 'en' };
    expect((await quietCall(p, 'register', params)).code).toBe(0);
  }
}

/**
 * The code that was sent reaches its ten minutes (1111). Other people's wrong
 * tries no longer spoil it (they count per source), so time does; the
 * server's clock only: the page's countdown runs on its own clock.
 */
export async function burnCode(p: Page): Promise<void> {
  await backOffice(p, 'skipTime', CODE_TTL_MS + 1000);
}
