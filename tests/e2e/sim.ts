/**
 * Acting as the operator from a test. Simulator mode reaches the page's
 * simulator back office (exposed as window.__simulator); the live project
 * calls the same operation on the server's operator API.
 */
import { expect, type Page } from '@playwright/test';

interface Operator {
  call<T>(op: string, ...args: unknown[]): Promise<T>;
}

const operators = new WeakMap<Page, Operator>();

/** Route this page's back-office calls to a live server's operator API. */
export function bindOperator(page: Page, op: Operator): void {
  operators.set(page, op);
}

export async function backOffice<T>(page: Page, op: string, ...args: unknown[]): Promise<T> {
  const live = operators.get(page);
  if (live) return live.call<T>(op, ...args);
  await page.waitForFunction(() => !!(window as unknown as { __simulator?: unknown }).__simulator);
  return page.evaluate(
    async ([name, a]) => {
      const sim = (
        window as unknown as {
          __simulator: { backOffice: Record<string, (...x: unknown[]) => Promise<unknown>> };
        }
      ).__simulator;
      return sim.backOffice[name as string]!(...(a as unknown[]));
    },
    [op, args] as const,
  ) as Promise<T>;
}

/** A phone number as the back office seeds it and as the sign-in form takes it. */
export interface Phone {
  seed: string;
  dial: string;
  local: string;
}
export const PHONE: Phone = { seed: '12125550177', dial: '1', local: '2125550177' };

/** Who signs in: an e-mail address, or a phone number. */
export type Who = string | { email: string } | { phone: Phone };

/**
 * The simulator saves a call's change before it answers, and a back-office
 * call saves whatever is pending (worker.ts `flush`): one round trip makes
 * the state safe before a page load that may restart the page's worker.
 */
export const saved = async (page: Page): Promise<void> => {
  await backOffice(page, 'flags');
};

/**
 * A new user (seeded through the back office with `deposit` USD on the real
 * account; 0 seeds none) signs in by e-mail or phone: on the phone's page or
 * the desktop's sign-in card. Resolves once home is shown and the session saved.
 */
export async function signIn(
  page: Page,
  who: Who,
  deposit: number = 50_000,
  password = 'secret123',
): Promise<string> {
  await page.goto('/login');
  const id = typeof who === 'string' ? { email: who } : who;
  const { uid } = await backOffice<{ uid: string }>(page, 'seedUser', {
    ...('email' in id ? { email: id.email } : { phone: id.phone.seed }),
    password,
    ...(deposit > 0 ? { deposit } : {}),
  });
  await submitSignIn(page, id, password);
  await page.waitForURL(/\/$/);
  await saved(page);
  return uid;
}

/**
 * Show `path` in the app already loaded, as its links do (wouter follows
 * pushState); a full load when none is. A full load starts the app and its
 * simulator again: about 2 CPU-seconds a user clicking through never waits,
 * paid by every test that went somewhere after signing in.
 */
export async function go(page: Page, path: string): Promise<void> {
  if (page.url() === 'about:blank') {
    await page.goto(path);
    return;
  }
  await page.evaluate((p) => history.pushState(null, '', p), path);
  await page.waitForURL((u) => u.pathname + u.search === path);
}

/**
 * A phone's market buy of BTCUSDT at `volume` lots from its order form, then
 * the positions it opened ("View positions" in the success dialog).
 */
export async function buyAndViewPositions(page: Page, volume: string): Promise<void> {
  await go(page, '/BTCUSDT/place?direction=0');
  await page.getByLabel('Volume (lots)').fill(volume);
  await sendAndViewPositions(page);
}

/** Send the order form as filled (Buy BTCUSDT), then open the positions from its success dialog. */
export async function sendAndViewPositions(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  await page
    .getByRole('dialog', { name: 'Order placed' })
    .getByRole('button', { name: 'View positions' })
    .click();
  await expect(page.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();
}

/** Fill and send the sign-in form (the page on a phone, the card on a desktop) of an existing user. */
export async function submitSignIn(
  page: Page,
  who: { email: string } | { phone: Pick<Phone, 'dial' | 'local'> },
  password = 'secret123',
): Promise<void> {
  if (!/\/login/.test(page.url())) await page.goto('/login');
  const scope = page.getByRole('dialog', { name: 'Sign in' }).or(page.getByRole('main'));
  if ('email' in who) await scope.getByLabel('E-mail').first().fill(who.email);
  else {
    await scope.getByRole('button', { name: 'Phone', exact: true }).first().click();
    await scope.getByLabel('Country code').first().selectOption(who.phone.dial);
    await scope.getByLabel('Phone', { exact: true }).first().fill(who.phone.local);
  }
  await scope.getByLabel('Password', { exact: true }).first().fill(password);
  await scope.getByRole('button', { name: 'Sign in' }).first().click();
}

/** Log out from the user page through its confirm drawer; the app goes home. */
export async function logOut(page: Page): Promise<void> {
  await page.goto('/user');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page
    .getByRole('dialog', { name: 'Log out' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await page.waitForURL(/\/$/);
}

/** An item of the back office's review queue. */
export interface ReviewItem {
  kind: string;
  id: string;
  uid: string;
}

/**
 * The user's own item of `kind` in review. The live server's queue holds
 * every test's users, so an item is always picked by its user.
 */
export async function reviewOf(page: Page, kind: string, uid: string): Promise<ReviewItem> {
  const items = await backOffice<ReviewItem[]>(page, 'reviews');
  const item = items.find((i) => i.kind === kind && i.uid === uid);
  if (!item) throw new Error(`nothing of kind ${kind} in review for ${uid}`);
  return item;
}
