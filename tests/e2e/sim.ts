/**
 * Acting as the operator from a test. Simulator mode reaches the page's
 * simulator back office (exposed as window.__simulator); the live project
 * calls the same operation on the server's operator API.
 */
import type { Page } from '@playwright/test';

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

/**
 * A new user (seeded through the back office with `deposit` USD on the real
 * account) signs in by e-mail: on the phone's page or the desktop's sign-in card.
 */
export async function signIn(
  page: Page,
  email: string,
  deposit: number = 50_000,
  password = 'secret123',
): Promise<string> {
  await page.goto('/login');
  const { uid } = await backOffice<{ uid: string }>(page, 'seedUser', {
    email,
    password,
    deposit,
  });
  const scope = page.getByRole('dialog', { name: 'Sign in' }).or(page.getByRole('main'));
  await scope.getByLabel('E-mail').first().fill(email);
  await scope.getByLabel('Password', { exact: true }).first().fill(password);
  await scope.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL(/\/$/);
  return uid;
}
