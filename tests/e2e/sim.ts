/** Reaching the page's simulator back office from a test (simulator mode exposes it as window.__simulator). */
import type { Page } from '@playwright/test';

export async function backOffice<T>(page: Page, op: string, ...args: unknown[]): Promise<T> {
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
